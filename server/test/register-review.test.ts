/**
 * Registration review in the organisers' console (register/review.ts): the queue, decisions on one
 * or many, who may (contracts/admin/roles.ts 'registration.review'), staff of another event
 * answered as missing, bad input told clearly, activity places given back on rejection, the
 * attendee told in their language, the audit row, and two organisers deciding at once.
 */
import { eq } from 'drizzle-orm'
import { decideRegistrations, listReviewQueue } from '@contracts/admin/review'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { guestLogin } from '@contracts/calls/auth'
import { MESSAGES } from '@contracts/messages'
import { attendees, auditLog, subEvents, subEventSignups, users } from '../src/kernel/db/schema'
import { REVIEW_CONTACT_CODE } from '../src/register/seed'
import { REVIEW_RULES, containsPattern } from '../src/register/rules/review-rules'
import { AUDITING_USER, DEMO_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { makeStaff, staffToken, staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const queue = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(listReviewQueue.path, { eventCode: 'DEMO', status: 'auditing', keyword: '', page: 1, pageSize: 20, ...over }, { token, lang })
const decide = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(decideRegistrations.path, { eventCode: 'DEMO', contactCodes: [REVIEW_CONTACT_CODE], decision: 'approved', reason: '', ...over }, { token, lang })
const statusOf = async (userCode: string) => {
  const [row] = await t.db.db
    .select({ status: attendees.status })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .where(eq(users.userCode, userCode))
  return row.status
}
const passwordLogin = (who: { userName: string; password: string }) =>
  t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: who.userName, password: who.password })

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['registration.review'].includes(role)

  it(`${allowed ? 'reads' : 'is refused'} the queue`, async () => {
    const token = await staffWithRole(t, `q-${role}`, role)
    const r = await queue(token)
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe(allowed ? '' : 'ESTF2001')
  })

  it(`${allowed ? 'decides' : 'is refused a decision'}, and nothing changes when refused`, async () => {
    const token = await staffWithRole(t, `d-${role}`, role)
    const r = await decide(token)
    expect(r.body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect(await statusOf(AUDITING_USER.userCode)).toBe(allowed ? 'approved' : 'auditing')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await queue(token, { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await decide(token, { eventCode })).body.msgId).toBe('ESYS0004')
    }
    expect(await statusOf(AUDITING_USER.userCode)).toBe('auditing')
  })
})

describe('the queue', () => {
  it('lists the registrations under review with who, type, when and activities; the demo organiser sees the seeded press registrant', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const r = await queue(token)
    expect(r.body.data.total).toBe(1)
    expect(r.body.data.list[0]).toMatchObject({
      contactCode: REVIEW_CONTACT_CODE,
      name: AUDITING_USER.name,
      mobile: AUDITING_USER.mobile,
      email: AUDITING_USER.email,
      company: '示例日报',
      contactType: 'media',
      status: 'auditing',
      reviewedAt: null,
      reason: '',
      activities: [],
    })
    expect(r.body.data.list[0].typeZh).not.toBe('')
    expect(new Date(r.body.data.list[0].submittedAt).toISOString()).toBe(r.body.data.list[0].submittedAt)
  })

  it("gives each registration's answers: the fields of its type in the form's order, each as text", async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const [item] = (await queue(token)).body.data.list
    const answer = (key: string) => item.answers.find((a: { key: string }) => a.key === key)
    expect(answer('surnameGiven')).toMatchObject({ valueZh: '李 娜', valueEn: '李 娜' })
    expect(answer('company')).toMatchObject({ valueZh: '示例日报' })
    // codes in words: the document's type and the title by their names in each language
    expect(answer('idDocument')).toMatchObject({ valueZh: '居民身份证 110101199205150026', valueEn: 'Resident ID card 110101199205150026' })
    expect(answer('sex')).toMatchObject({ valueZh: '女士', valueEn: 'Ms' })
    expect(item.answers.some((a: { key: string }) => a.key === 'activities')).toBe(false)
  })

  it('finds by part of a name, mobile, e-mail or company; a % or _ typed is only itself', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    for (const keyword of ['娜', '0139000', 'AUDITING@', '日报']) expect((await queue(token, { keyword })).body.data.total).toBe(1)
    expect((await queue(token, { keyword: '%' })).body.data.total).toBe(0)
    expect((await queue(token, { keyword: '_' })).body.data.total).toBe(0)
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%')
  })

  it('pages, and the decided ones are listed under their status, newest first', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    expect((await queue(token, { page: 2 })).body.data.list).toEqual([])
    await decide(token, { decision: 'rejected', reason: '材料不全' })
    expect((await queue(token)).body.data.total).toBe(0)
    const rejected = await queue(token, { status: 'rejected' })
    expect(rejected.body.data.list.map((i: { contactCode: string }) => i.contactCode)).toContain(REVIEW_CONTACT_CODE)
    expect(rejected.body.data.list.find((i: { contactCode: string }) => i.contactCode === REVIEW_CONTACT_CODE)).toMatchObject({
      reason: '材料不全',
      reviewedAt: t.clock.now().toISOString(),
    })
  })
})

describe('decisions', () => {
  it('approve: the attendee can log in at once, is told by SMS in their language, and the change is in the audit log', async () => {
    expect((await passwordLogin(AUDITING_USER)).body.msgId).toBe('EREG1040')
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const r = await decide(token)
    expect(r.body.data).toEqual({ decided: [REVIEW_CONTACT_CODE], skipped: [] })
    expect((await passwordLogin(AUDITING_USER)).body.msgId).toBe('')

    await t.app.jobs.runOnce(t.clock.now())
    const sms = t.app.outbox!.list(AUDITING_USER.mobile)
    expect(sms).toHaveLength(1)
    expect(sms[0].text).toContain('您的报名已通过审核')
    expect(sms[0].text).toContain(AUDITING_USER.name)

    const rows = await t.db.db.select().from(auditLog).where(eq(auditLog.target, REVIEW_CONTACT_CODE))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ action: 'registration.approve', before: { status: 'auditing' }, after: { status: 'approved' } })
  })

  it('reject: needs a reason, which the attendee is told in English when that is their language; login then answers "rejected"', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const none = await decide(token, { decision: 'rejected', reason: '   ' })
    expect(none.body.msgId).toBe('EADM2003')
    expect(none.body.msgText).toBe(MESSAGES.EADM2003.zh)
    expect((await decide(token, { decision: 'rejected', reason: '' }, 'en')).body.msgText).toBe(MESSAGES.EADM2003.en)
    expect(await statusOf(AUDITING_USER.userCode)).toBe('auditing')

    await t.db.db.update(users).set({ lang: 'en' }).where(eq(users.userCode, AUDITING_USER.userCode))
    const r = await decide(token, { decision: 'rejected', reason: 'Press pass details missing' })
    expect(r.body.data.decided).toEqual([REVIEW_CONTACT_CODE])
    expect((await passwordLogin(AUDITING_USER)).body.msgId).toBe('EREG1030')
    await t.app.jobs.runOnce(t.clock.now())
    const [sms] = t.app.outbox!.list(AUDITING_USER.mobile)
    expect(sms.text).toContain('your registration was not approved. Reason: Press pass details missing')
  })

  it('reject gives the activity places back; approve keeps them', async () => {
    const [attendee] = await t.db.db
      .select({ id: attendees.id, userId: attendees.userId, eventId: attendees.eventId })
      .from(attendees)
      .innerJoin(users, eq(users.id, attendees.userId))
      .where(eq(users.userCode, AUDITING_USER.userCode))
    const [workshop] = await t.db.db.select().from(subEvents).where(eq(subEvents.eventId, attendee.eventId)).limit(1)
    await t.db.db
      .update(subEvents)
      .set({ taken: workshop.taken + 1 })
      .where(eq(subEvents.id, workshop.id))
    await t.db.db
      .insert(subEventSignups)
      .values({ eventId: attendee.eventId, subEventId: workshop.id, attendeeId: attendee.id, userId: attendee.userId, createdAt: t.clock.now() })
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const listed = await queue(token)
    expect(listed.body.data.list[0].activities).toEqual([{ code: workshop.code, titleZh: workshop.titleZh, titleEn: workshop.titleEn }])

    await decide(token, { decision: 'rejected', reason: '名额已满' })
    const [after] = await t.db.db.select().from(subEvents).where(eq(subEvents.id, workshop.id))
    expect(after.taken).toBe(workshop.taken)
    expect(await t.db.db.select().from(subEventSignups).where(eq(subEventSignups.attendeeId, attendee.id))).toEqual([])
  })

  it('one already decided, or not at this event, is skipped and said why; the others are decided', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    await decide(token)
    const r = await decide(token, { contactCodes: [REVIEW_CONTACT_CODE, 'CNOPE', 'CDEMO0001'] })
    expect(r.body.data.decided).toEqual([])
    expect(r.body.data.skipped).toEqual([
      { contactCode: REVIEW_CONTACT_CODE, msgId: 'EADM2004' },
      { contactCode: 'CNOPE', msgId: 'ESYS0004' },
      // the demo attendee's registration was never under review
      { contactCode: 'CDEMO0001', msgId: 'EADM2004' },
    ])
    expect(await statusOf(DEMO_USER.userCode)).toBe('approved')
  })

  it('bad input: a clear message, no 5xx, nothing changed', async () => {
    const token = await staffWithRole(t, 'rev', 'reviewer')
    const tooMany = Array.from({ length: REVIEW_RULES.maxBatch + 1 }, (_, i) => `C${i}`)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contactCodes: [] }, 'EADM2001'],
      [{ contactCodes: tooMany }, 'EADM2002'],
      [{ decision: 'maybe' }, 'EVAL0001'],
      [{ contactCodes: 'CDEMO0002' }, 'EVAL0001'],
      [{ contactCodes: [42] }, 'EVAL0001'],
      [{ reason: 'x'.repeat(REVIEW_RULES.reasonMaxLength + 1), decision: 'rejected' }, 'EADM1013'],
      [{ reason: 'a\u0000b', decision: 'rejected' }, 'EVAL0001'],
    ]
    for (const [over, msgId] of cases) {
      const r = await decide(token, over)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
    }
    expect((await decide(token, { contactCodes: tooMany })).body.msgText).toBe(`一次最多审核${REVIEW_RULES.maxBatch}条报名`)
    for (const over of [
      { status: 'nope' },
      { page: 0 },
      { pageSize: REVIEW_RULES.maxPageSize + 1 },
      { keyword: 'x'.repeat(REVIEW_RULES.keywordMaxLength + 1) },
    ]) {
      const r = await queue(token, over)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe('EVAL0001')
    }
    expect(await statusOf(AUDITING_USER.userCode)).toBe('auditing')
  })

  it('an attendee token is no staff token; no token is refused', async () => {
    const login = await passwordLogin(DEMO_USER)
    const attendeeToken = login.body.data.token as string
    expect((await queue(attendeeToken)).body.msgId).toMatch(/^EAUT/)
    expect((await t.post(listReviewQueue.path, { eventCode: 'DEMO', status: 'auditing', keyword: '', page: 1, pageSize: 20 })).body.msgId).toMatch(/^EAUT/)
  })

  it('two organisers deciding the same registration at once: one decision, the other told it was decided', async () => {
    await makeStaff(t, 'one', 'organiser')
    await makeStaff(t, 'two', 'reviewer')
    const [a, b] = [await staffToken(t, 'one'), await staffToken(t, 'two')]
    const [ra, rb] = await Promise.all([decide(a, { decision: 'approved' }), decide(b, { decision: 'rejected', reason: '重复' })])
    const decided = [...ra.body.data.decided, ...rb.body.data.decided]
    const skipped = [...ra.body.data.skipped, ...rb.body.data.skipped]
    expect(decided).toEqual([REVIEW_CONTACT_CODE])
    expect(skipped).toEqual([{ contactCode: REVIEW_CONTACT_CODE, msgId: 'EADM2004' }])
    const rows = await t.db.db.select().from(auditLog).where(eq(auditLog.target, REVIEW_CONTACT_CODE))
    expect(rows).toHaveLength(1)
    await t.app.jobs.runOnce(t.clock.now())
    expect(t.app.outbox!.list(AUDITING_USER.mobile)).toHaveLength(1)
  })
})
