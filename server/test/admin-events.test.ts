/**
 * Events in the organisers' console: create (platform administrator), edit, publish and close
 * (owner, organiser), each role allowed and refused, other events answered as missing, bad input
 * told in the caller's language with nothing written, every change audited, and the attendee app
 * seeing each change on its next request.
 */
import { eq } from 'drizzle-orm'
import { createAdminEvent, getAdminEvent, listAdminEvents, publishAdminEvent, updateAdminEvent, type EventSettings } from '@contracts/admin/events'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { guestLogin } from '@contracts/calls/auth'
import { getMicrositeByEventCode } from '@contracts/calls/microsite'
import { MESSAGES, type MsgId } from '@contracts/messages'
import { auditLog, events } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { DEMO_ADMIN, DEMO_ORGANISER } from '../src/staff/seed'
import { setup, type TestContext } from './helper'
import { staffToken, staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const admin = () => staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
const organiser = () => staffToken(t, DEMO_ORGANISER.userName, DEMO_ORGANISER.password)
const NEW_EVENT: EventSettings = {
  eventCode: 'EXPO-2030',
  eventHashCode: 'expo-2030',
  titleZh: '2030 博览会',
  titleEn: 'Expo 2030',
  venueZh: '国家会展中心',
  venueEn: 'National Exhibition Centre',
  startTime: '2030-07-01T09:00',
  endTime: '2030-07-03T18:00',
  timeZone: 'America/New_York',
  loginModes: ['account', 'mobile'],
  loginExtraFields: ['visitingCode'],
  permissionType: 4,
  someUserTypes: ['vip'],
  shareTitle: '来参加 2030 博览会',
  shareSubTitle: '七月见',
  sharePic: '/files/demo/share.png',
  micrositeEnabled: null,
}
const create = (token: string, settings: object = NEW_EVENT, lang?: string) => t.post(createAdminEvent.path, settings, { token, lang })
const get = (token: string, eventCode: string) => t.post(getAdminEvent.path, { eventCode }, { token })
const update = (token: string, currentCode: string, settings: EventSettings, lang?: string) =>
  t.post(updateAdminEvent.path, { currentCode, settings }, { token, lang })
const publish = (token: string, eventCode: string, published: boolean) => t.post(publishAdminEvent.path, { eventCode, published }, { token })
const demoSettings = async (token: string): Promise<EventSettings> => {
  const { published: _p, myRole: _r, updatedAt: _u, ...settings } = (await get(token, 'DEMO')).body.data
  return settings
}
const auditRows = (action: string) => t.db.db.select().from(auditLog).where(eq(auditLog.action, action))

describe('create', () => {
  it('the platform administrator creates an event, not yet published, on its own wall clock, audited', async () => {
    const r = await create(await admin())
    expect(r.body.msgId).toBe('')
    expect(r.body.data).toMatchObject({ ...NEW_EVENT, published: false, myRole: null })
    const seen = await t.post(getEvent.path, { eventCode: 'EXPO-2030' })
    expect(seen.body.data).toMatchObject({ enabled: false, startTime: '2030-07-01T09:00:00-04:00', timeZone: 'America/New_York', titleEn: 'Expo 2030' })
    const [row] = await auditRows('event.create')
    expect(row).toMatchObject({ target: 'EXPO-2030', before: null })
    expect(row.after).toMatchObject({ titleZh: '2030 博览会', startTime: '2030-07-01T09:00' })
  })

  it.each(STAFF_ROLES)('a %s cannot create events (ESTF2002)', async (role) => {
    expect((await create(await staffWithRole(t, `c-${role}`, role))).body.msgId).toBe('ESTF2002')
  })

  it('bad settings are told field by field in the language of the caller, and nothing is written', async () => {
    const token = await admin()
    const cases: Array<[Partial<EventSettings> | Record<string, unknown>, MsgId]> = [
      [{ eventCode: 'demo lower' }, 'EADM1001'],
      [{ eventHashCode: 'UPPER' }, 'EADM1002'],
      [{ titleZh: '  ' }, 'EADM1004'],
      [{ titleEn: 'x'.repeat(201) }, 'EADM1013'],
      [{ startTime: '2030-02-30T09:00' }, 'EADM1005'],
      [{ startTime: '2030-07-01 09:00' }, 'EADM1005'],
      // the hour New York skips when summer time starts
      [{ startTime: '2030-03-10T02:30', endTime: '2030-03-11T02:30' }, 'EADM1005'],
      [{ endTime: '2030-07-01T09:00' }, 'EADM1006'],
      [{ timeZone: 'Mars/Olympus' }, 'EADM1007'],
      [{ loginModes: [] }, 'EADM1008'],
      [{ loginModes: ['fax'] }, 'EADM1008'],
      [{ permissionType: 5 }, 'EADM1009'],
      [{ permissionType: 4, someUserTypes: [] }, 'EADM1010'],
      [{ sharePic: 'javascript:alert(1)' }, 'EADM1011'],
      [{ sharePic: 'http://example.com/a.png' }, 'EADM1011'],
      [{ eventCode: 'DEMO' }, 'EADM1003'],
      [{ eventHashCode: 'demo' }, 'EADM1003'],
      [{ micrositeEnabled: 'yes' }, 'EVAL0001'],
    ]
    for (const [change, msgId] of cases) {
      const r = await create(token, { ...NEW_EVENT, ...change }, 'en')
      expect([JSON.stringify(change), r.statusCode, r.body.msgId]).toEqual([JSON.stringify(change), 200, msgId])
      expect(r.body.msgText).toBe(MESSAGES[msgId].en)
    }
    expect(await t.db.db.select().from(events).where(eq(events.eventCode, 'EXPO-2030'))).toEqual([])
    expect(await auditRows('event.create')).toEqual([])
  })
})

describe('edit', () => {
  it('the organiser edits DEMO: the attendee app sees it on its next request, the audit log keeps what changed', async () => {
    // the attendee app has DEMO in the event cache
    expect((await t.post(getEventByHash.path, { eventHashCode: 'demo' })).body.data.titleEn).not.toBe('Demo, renamed')
    const token = await organiser()
    const before = await demoSettings(token)
    const r = await update(token, 'DEMO', { ...before, titleEn: 'Demo, renamed', venueZh: '新场馆' })
    expect(r.body.data).toMatchObject({ titleEn: 'Demo, renamed', myRole: 'organiser' })
    expect((await t.post(getEventByHash.path, { eventHashCode: 'demo' })).body.data).toMatchObject({ titleEn: 'Demo, renamed', venueZh: '新场馆' })
    const [row] = await auditRows('event.update')
    expect(row).toMatchObject({
      target: 'DEMO',
      before: { titleEn: before.titleEn, venueZh: before.venueZh },
      after: { titleEn: 'Demo, renamed', venueZh: '新场馆' },
    })
    // the same settings again change nothing and record nothing
    await update(token, 'DEMO', { ...before, titleEn: 'Demo, renamed', venueZh: '新场馆' })
    expect(await auditRows('event.update')).toHaveLength(1)
  })

  it('new codes: the old link stops answering at once, the new one works', async () => {
    const token = await organiser()
    await t.post(getEventByHash.path, { eventHashCode: 'demo' })
    const r = await update(token, 'DEMO', { ...(await demoSettings(token)), eventCode: 'DEMO2', eventHashCode: 'demo2' })
    expect(r.body.msgId).toBe('')
    expect((await t.post(getEventByHash.path, { eventHashCode: 'demo' })).body.msgId).toBe('EEVT1001')
    expect((await t.post(getEventByHash.path, { eventHashCode: 'demo2' })).body.data.eventCode).toBe('DEMO2')
    expect((await get(token, 'DEMO2')).body.data.myRole).toBe('organiser')
  })

  it('the microsite is switched off and on; the attendee app sees it at once', async () => {
    const token = await organiser()
    const settings = await demoSettings(token)
    expect(settings.micrositeEnabled).toBe(true)
    await update(token, 'DEMO', { ...settings, micrositeEnabled: false })
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data.enabled).toBe(false)
    await update(token, 'DEMO', { ...settings, micrositeEnabled: true })
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data.enabled).toBe(true)
  })

  it('an event without a microsite keeps none, whatever the switch says', async () => {
    const token = await admin()
    await create(token)
    const r = await update(token, 'EXPO-2030', { ...NEW_EVENT, micrositeEnabled: true })
    expect(r.body.data.micrositeEnabled).toBeNull()
  })

  it('bad settings change nothing', async () => {
    const token = await organiser()
    const before = await demoSettings(token)
    expect((await update(token, 'DEMO', { ...before, titleZh: '', titleEn: 'Changed' }, 'en')).body.msgId).toBe('EADM1004')
    expect((await update(token, 'DEMO', { ...before, eventCode: 'LOCKED' })).body.msgId).toBe('EADM1003')
    expect(await demoSettings(token)).toEqual(before)
    expect(await auditRows('event.update')).toEqual([])
  })
})

describe('publish and close', () => {
  it('closing DEMO closes the attendee site at once; publishing opens it again; each audited once', async () => {
    const token = await organiser()
    expect((await publish(token, 'DEMO', false)).body.data.published).toBe(false)
    expect((await t.post(getEventByHash.path, { eventHashCode: 'demo' })).body.data.enabled).toBe(false)
    const login = () => t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    expect((await login()).body.msgId).toBe('EEVT1002')
    expect((await publish(token, 'DEMO', false)).body.msgId).toBe('')
    expect((await publish(token, 'DEMO', true)).body.data.published).toBe(true)
    expect((await login()).body.msgId).toBe('')
    expect((await auditRows('event.close')).map((r) => [r.before, r.after])).toEqual([[{ published: true }, { published: false }]])
    expect(await auditRows('event.publish')).toHaveLength(1)
  })
})

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it('reads DEMO; edits, publishes and closes it only if the table allows it', async () => {
    const token = await staffWithRole(t, `r-${role}`, role)
    expect((await get(token, 'DEMO')).body.data.myRole).toBe(role)
    const settings = await demoSettings(token)
    const edited = await update(token, 'DEMO', { ...settings, titleEn: 'Edited' })
    expect(edited.body.msgId).toBe(ROLE_PERMISSIONS['event.edit'].includes(role) ? '' : 'ESTF2001')
    expect((await publish(token, 'DEMO', false)).body.msgId).toBe(ROLE_PERMISSIONS['event.publish'].includes(role) ? '' : 'ESTF2001')
  })

  it('sees only its own events in the list, and any other is answered as missing', async () => {
    const token = await staffWithRole(t, `o-${role}`, role)
    expect((await t.post(listAdminEvents.path, {}, { token })).body.data.map((e: { eventCode: string }) => e.eventCode)).toEqual(['DEMO'])
    const locked = await get(await admin(), 'LOCKED')
    const { published: _p, myRole: _r, updatedAt: _u, ...lockedSettings } = locked.body.data
    for (const code of ['LOCKED', 'NOPE']) {
      expect((await get(token, code)).body.msgId).toBe('ESYS0004')
      expect((await update(token, code, lockedSettings)).body.msgId).toBe('ESYS0004')
      expect((await publish(token, code, false)).body.msgId).toBe('ESYS0004')
    }
    expect((await t.post(getEvent.path, { eventCode: 'LOCKED' })).body.data.enabled).toBe(true)
  })
})

it('the platform administrator lists every event and edits any', async () => {
  const token = await admin()
  const list = (await t.post(listAdminEvents.path, {}, { token })).body.data.map((e: { eventCode: string }) => e.eventCode)
  expect([...list].sort()).toEqual(['CLOSED', 'DEMO', 'LOCKED', 'PAST', 'SOON'])
  expect((await publish(token, 'LOCKED', false)).body.data).toMatchObject({ published: false, myRole: null })
})
