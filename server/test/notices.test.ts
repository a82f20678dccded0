/**
 * Notices to attendees (notices/): who may preview and send them, another event answered as
 * missing; a notice reaches the attendee list's filtered set, each in their language with their
 * name, and nobody else; once per attendee even when sent twice; the providers' rate at its edge;
 * the e-mail and each attendee's own channel; its messages in the log with the notice; the audit
 * row; bad input in the caller's language.
 */
import { eq } from 'drizzle-orm'
import { listMessageLog } from '@contracts/admin/message-log'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'
import { previewNotice, sendNotice } from '@contracts/admin/notices'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { MESSAGES } from '@contracts/messages'
import { attendees, auditLog, events, jobs, messageLog, noticeRecipients, notices, users } from '../src/kernel/db/schema'
import { AUDITING_USER, COLLEAGUE_USER, DEMO_USER, REJECTED_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'
import { dueAt } from '../src/notices/rules/reach'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

/** the approved attendees of DEMO: 张伟 (zh) and Li Lei (en, set below) */
const draft = (over: Record<string, unknown> = {}) => ({
  eventCode: 'DEMO',
  keyword: '',
  userType: '',
  status: 'approved',
  checkin: 'all',
  channel: 'sms',
  templateZh: '{name}您好，明早9点开幕。',
  templateEn: 'Dear {name}, the opening is at 9 tomorrow.',
  ...over,
})
let keys = 0
const preview = (token: string, over: Record<string, unknown> = {}, lang?: string) => t.post(previewNotice.path, draft(over), { token, lang })
const send = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(sendNotice.path, { ...draft(over), idempotencyKey: `key-${++keys}-abcdef`, ...over }, { token, lang })
const setLang = (mobile: string, lang: string) => t.db.db.update(users).set({ lang }).where(eq(users.mobile, mobile))
const texts = (to: string) => t.app.outbox!.list(to).map((m) => m.text)

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['messages.send'].includes(role)

  it(`${allowed ? 'previews and sends' : 'is refused'} a notice`, async () => {
    const token = await staffWithRole(t, `n-${role}`, role)
    expect((await preview(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await send(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await preview(token, { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await send(token, { eventCode })).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('a notice', () => {
  it('reaches the filtered attendees in their language with their name, nobody else, and is in the log and the audit log', async () => {
    await setLang(COLLEAGUE_USER.mobile, 'en')
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await preview(token)).body.data).toEqual({ matched: 2, zh: 1, en: 1, unreachable: 0, sampleZh: DEMO_USER.name, sampleEn: COLLEAGUE_USER.name })

    const r = await send(token)
    expect(r.body.data).toEqual({ noticeId: expect.any(Number), queued: 2 })
    const noticeId = r.body.data.noticeId
    const queued = await t.post(listMessageLog.path, { eventCode: 'DEMO', channel: '', state: 'queued', recipient: '', page: 1, pageSize: 20 }, { token })
    expect(queued.body.data.total).toBe(2)

    await t.app.jobs.runOnce(t.clock.now())
    expect(texts(DEMO_USER.mobile)).toEqual([`${DEMO_USER.name}您好，明早9点开幕。`])
    expect(texts(COLLEAGUE_USER.mobile)).toEqual([`Dear ${COLLEAGUE_USER.name}, the opening is at 9 tomorrow.`])
    expect(texts(AUDITING_USER.mobile)).toEqual([])
    expect(texts(REJECTED_USER.mobile)).toEqual([])

    const log = await t.post(listMessageLog.path, { eventCode: 'DEMO', channel: 'sms', state: 'sent', recipient: '', page: 1, pageSize: 20 }, { token })
    expect(log.body.data.list).toHaveLength(2)
    for (const m of log.body.data.list) expect(m).toMatchObject({ kind: 'notice.send', noticeId, state: 'sent', attempts: 1 })
    expect(log.body.data.list.map((m: { lang: string }) => m.lang).sort()).toEqual(['en', 'zh'])

    const [audit] = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'notice.send'))
    expect(audit).toMatchObject({ target: `notice:${noticeId}`, after: expect.objectContaining({ channel: 'sms', queued: 2 }) })
  })

  it('is sent once per attendee, pressed twice or sent twice at once', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const body = { ...draft(), idempotencyKey: 'same-key-123456' }
    const [a, b] = await Promise.all([t.post(sendNotice.path, body, { token }), t.post(sendNotice.path, body, { token })])
    expect(a.body.data).toEqual(b.body.data)
    expect((await t.post(sendNotice.path, body, { token })).body.data).toEqual(a.body.data)
    expect(await t.db.db.select().from(noticeRecipients)).toHaveLength(2)
    expect(await t.db.db.select().from(jobs).where(eq(jobs.kind, 'notice.send'))).toHaveLength(2)
    await t.app.jobs.runOnce(t.clock.now())
    expect(texts(DEMO_USER.mobile)).toHaveLength(1)
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'notice.send'))).toHaveLength(1)
  })

  it('by e-mail has a subject in the language; "own" takes the mobile, else the e-mail; those without one are counted', async () => {
    await t.db.db.update(users).set({ mobile: null, lang: 'en' }).where(eq(users.userCode, COLLEAGUE_USER.userCode))
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await preview(token)).body.data).toMatchObject({ matched: 2, zh: 1, en: 0, unreachable: 1 })
    expect((await preview(token, { channel: 'own' })).body.data).toMatchObject({ matched: 2, zh: 1, en: 1, unreachable: 0 })

    await send(token, { channel: 'own' })
    await t.app.jobs.runOnce(t.clock.now())
    expect(texts(DEMO_USER.mobile)).toHaveLength(1)
    const [mail] = t.app.outbox!.list(COLLEAGUE_USER.email)
    expect(mail).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^A notice from /),
      text: `Dear ${COLLEAGUE_USER.name}, the opening is at 9 tomorrow.`,
    })
  })

  it('that the gateway refuses stays queued with its reason, and goes at the next try', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    await send(token, { keyword: DEMO_USER.name })
    t.app.deps.senderSandbox!.failNext()
    await t.app.jobs.runOnce(t.clock.now())
    const [row] = await t.db.db.select().from(messageLog)
    expect(row).toMatchObject({ state: 'queued', reason: 'sandbox gateway: simulated failure', attempts: 1 })
    t.clock.advance(60 * 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect((await t.db.db.select().from(messageLog))[0]).toMatchObject({ state: 'sent', attempts: 2 })
  })
})

describe('the providers’ rate', () => {
  /** `n` more approved attendees of DEMO with mobiles */
  async function addAttendees(n: number, from = 0) {
    const now = t.clock.now()
    const [demo] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
    const people = await t.db.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, k) => from + k).map((i) => ({
          userCode: `URATE${i}`,
          name: `参会人${i}`,
          mobile: `1770000${String(i).padStart(4, '0')}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id })
    await t.db.db.insert(attendees).values(people.map((p) => ({ eventId: demo.id, userId: p.id, status: 'approved', createdAt: now })))
  }

  it(`hands each provider at most ${NOTICE_RULES.perMinute.sms} SMS a minute, over every notice`, async () => {
    const per = NOTICE_RULES.perMinute.sms
    await addAttendees(per - 2)
    const token = await staffWithRole(t, 'org', 'organiser')
    // 张伟, Li Lei and the added: a minute's worth
    expect((await send(token)).body.data.queued).toBe(per)
    const due = async () =>
      (await t.db.db.select({ dueAt: jobs.dueAt }).from(jobs).where(eq(jobs.kind, 'notice.send'))).map((j) => j.dueAt.getTime() - t.clock.now().getTime())
    expect((await due()).filter((ms) => ms === 0)).toHaveLength(per)
    // the next notice waits for the next minute
    await send(token, { keyword: DEMO_USER.name })
    expect((await due()).filter((ms) => ms === 60_000)).toHaveLength(1)
  })

  it('the n-th message of a provider is due in the minute its rate puts it in, for SMS and e-mail alike', () => {
    const now = new Date('2026-11-28T01:00:00.000Z')
    const at = (d: Date) => d.getTime() - now.getTime()
    for (const provider of ['sms', 'email'] as const) {
      const per = NOTICE_RULES.perMinute[provider]
      expect(at(dueAt(provider, 0, per - 1, now))).toBe(0)
      expect(at(dueAt(provider, 0, per, now))).toBe(60_000)
      expect(at(dueAt(provider, per - 1, 0, now))).toBe(0)
      expect(at(dueAt(provider, per - 1, 1, now))).toBe(60_000)
    }
  })

  it(`reaches at most ${NOTICE_RULES.maxRecipients} attendees with one notice`, async () => {
    // with 张伟 and Li Lei: the cap
    await addAttendees(NOTICE_RULES.maxRecipients - 2)
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await preview(token)).body.msgId).toBe('')
    await addAttendees(1, NOTICE_RULES.maxRecipients)
    expect((await preview(token, {}, 'en')).body).toMatchObject({ msgId: 'EADM7204', msgText: expect.stringContaining(String(NOTICE_RULES.maxRecipients)) })
  })
})

describe('bad input', () => {
  it('is refused in the caller’s language and writes nothing', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await send(token, { templateEn: '  ' }, 'en')).body.msgText).toBe(MESSAGES.EADM7201.en)
    const long = 'x'.repeat(NOTICE_RULES.templateMaxLength + 1)
    expect((await send(token, { templateZh: long })).body.msgText).toBe(`通知内容每种语言不超过${NOTICE_RULES.templateMaxLength}个字`)
    expect((await send(token, { templateZh: long.slice(1) })).body.msgId).toBe('')
    expect((await send(token, { keyword: 'nobody-at-all' })).body.msgId).toBe('EADM7203')
    expect((await send(token, { channel: 'fax' })).body.msgId).toBe('EVAL0001')
    expect((await t.post(sendNotice.path, { ...draft(), idempotencyKey: 'x' }, { token })).body.msgId).toBe('EVAL0001')
    // the one good notice alone was written
    expect(await t.db.db.select().from(notices)).toHaveLength(1)
    expect(await t.db.db.select().from(noticeRecipients)).toHaveLength(2)
  })
})
