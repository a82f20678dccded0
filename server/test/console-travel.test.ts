/**
 * An event's travel policy in the console (travel/admin.ts): read by every role, saved by owner,
 * organiser and travel desk, another event answered as missing, each field's refusal in the
 * caller's language with nothing written, the audit row, and the attendee app's standard seeing
 * the saved policy at once.
 */
import { eq } from 'drizzle-orm'
import { getAdminTravelPolicy, saveAdminTravelPolicy, type TravelPolicySettings } from '@contracts/admin/travel'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { guestLogin } from '@contracts/calls/auth'
import { getTravelStandard } from '@contracts/calls/travel'
import { TRAVEL_POLICY_RULES as R } from '@contracts/admin/travel-rules'
import { auditLog } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const get = (token: string, eventCode = 'DEMO') => t.post(getAdminTravelPolicy.path, { eventCode }, { token })
const save = (token: string, policy: TravelPolicySettings, lang?: string, eventCode = 'DEMO') =>
  t.post(saveAdminTravelPolicy.path, { eventCode, policy }, { token, lang })
const policyOf = async (token: string): Promise<TravelPolicySettings> => (await get(token)).body.data.policy
const auditRows = () => t.db.db.select().from(auditLog).where(eq(auditLog.action, 'travel.policy'))

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['travel.edit'].includes(role)
  it(`reads the policy and ${allowed ? 'saves it' : 'is refused saving it'}`, async () => {
    const token = await staffWithRole(t, `t-${role}`, role)
    const r = await get(token)
    expect(r.body.msgId).toBe('')
    expect((await save(token, r.body.data.policy)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await get(token, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await save(token, (await get(token)).body.data.policy, 'zh', eventCode)).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('saving', () => {
  it('saves a price cap the attendee app shows at once, with the fields before and after in the audit row', async () => {
    const token = await staffWithRole(t, 'desk', 'travel')
    const before = await policyOf(token)
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    const attendee = login.body.data.token as string
    await t.post(getTravelStandard.path, {}, { token: attendee })
    const r = await save(token, { ...before, flightMaxPriceFen: 123400, rangeCities: ['北京', '上海'] })
    expect(r.body.data).toMatchObject({ saved: true, policy: { flightMaxPriceFen: 123400, rangeCities: ['北京', '上海'] } })
    expect((await t.post(getTravelStandard.path, {}, { token: attendee })).body.data.flight.maxPriceFen).toBe(123400)
    const [row] = await auditRows()
    expect(row).toMatchObject({
      target: 'DEMO',
      before: { flightMaxPriceFen: before.flightMaxPriceFen, rangeCities: before.rangeCities },
      after: { flightMaxPriceFen: 123400, rangeCities: ['北京', '上海'] },
    })
  })

  it.each<[string, Partial<TravelPolicySettings>, string]>([
    ['an unknown mode', { overPolicy: 'maybe' as never }, 'EADM6001'],
    ['an unknown seat', { trainSeats: { G: ['sofa' as never] } }, 'EADM6002'],
    ['an unknown cabin', { flightCabinClasses: ['deck' as never] }, 'EADM6003'],
    ['a discount of 0', { flightMaxDiscountPercent: 0 }, 'EADM6004'],
    ['a discount of 101', { flightMaxDiscountPercent: 101 }, 'EADM6004'],
    ['a price of 0.5 yuan', { flightMaxPriceFen: 50 }, 'EADM6005'],
    ['a price above the most', { flightMaxPriceFen: 100_000 * 100 + 1 }, 'EADM6005'],
    ['no payer', { payers: [] }, 'EADM6006'],
    ['an unknown product', { visibleProducts: ['ship' as never] }, 'EADM6007'],
    ['a city in Latin letters', { rangeCities: ['Beijing'] }, 'EADM6008'],
    ['a city without a station', { rangeCities: ['北京', '不存在城'] }, 'EADM6009'],
    ['unknown railway rules', { trainRulesProfile: 'old' as never }, 'EADM6010'],
    ['a reason without its English', { overPolicyReasons: [{ zh: '身体原因', en: ' ' }] }, 'EADM6011'],
    [
      `a reason of ${R.overPolicyReasons.textMax + 1} characters`,
      { overPolicyReasons: [{ zh: '因'.repeat(R.overPolicyReasons.textMax + 1), en: 'Why' }] },
      'EADM6011',
    ],
    [
      `${R.overPolicyReasons.max + 1} reasons`,
      { overPolicyReasons: Array.from({ length: R.overPolicyReasons.max + 1 }, (_, i) => ({ zh: `原因${i}`, en: `Reason ${i}` })) },
      'EADM6011',
    ],
  ])('refuses %s in the caller language, writing nothing', async (_name, change, msgId) => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await policyOf(token)
    const r = await save(token, { ...before, ...change }, 'en')
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe(msgId)
    expect(r.body.msgText).toMatch(/^[A-Z][a-z]/)
    expect(await policyOf(token)).toEqual(before)
    expect(await auditRows()).toHaveLength(0)
  })

  it('offers the attendee the reasons to pick from, in their language, at the most and longest the rules allow', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await policyOf(token)
    const reasons = Array.from({ length: R.overPolicyReasons.max }, (_, i) => ({ zh: `${i}`.padEnd(R.overPolicyReasons.textMax, '因'), en: `Reason ${i}` }))
    expect((await save(token, { ...before, overPolicy: 'reason', overPolicyReasons: reasons })).body.msgId).toBe('')
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    const attendee = login.body.data.token as string
    expect((await t.post(getTravelStandard.path, {}, { token: attendee, lang: 'en' })).body.data.overPolicyReasons).toEqual(reasons.map((r) => r.en))
    expect((await t.post(getTravelStandard.path, {}, { token: attendee, lang: 'zh' })).body.data.overPolicyReasons).toEqual(reasons.map((r) => r.zh))
    // refused outright: nothing to pick
    expect((await save(token, { ...before, overPolicy: 'block', overPolicyReasons: reasons })).body.msgId).toBe('')
    expect((await t.post(getTravelStandard.path, {}, { token: attendee, lang: 'en' })).body.data.overPolicyReasons).toEqual([])
  })

  it('takes the edges: a discount of 1 and 100, a price of 1 and 100,000 yuan', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await policyOf(token)
    for (const [d, p] of [
      [1, 100],
      [100, 100_000 * 100],
    ]) {
      expect((await save(token, { ...before, flightMaxDiscountPercent: d, flightMaxPriceFen: p })).body.msgId).toBe('')
    }
  })
})
