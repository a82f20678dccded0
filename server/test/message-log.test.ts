/**
 * The message log (message-log/): every SMS, e-mail and subscription message written where its
 * provider is called, whoever called it (the login code, the review notice's job, a subscription
 * message's job), with its outcome; login codes without their text; the console's list by role,
 * another event answered as missing, its filters, search and paging.
 */
import { eq } from 'drizzle-orm'
import { decideRegistrations } from '@contracts/admin/review'
import { listMessageLog } from '@contracts/admin/message-log'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { sendLoginCode } from '@contracts/calls/auth'
import { events, jobs, messageLog } from '../src/kernel/db/schema'
import { inJobScope } from '../src/kernel/jobs/job-scope'
import { REVIEW_CONTACT_CODE } from '../src/register/seed'
import { AUDITING_USER, DEMO_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const list = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(listMessageLog.path, { eventCode: 'DEMO', channel: '', state: '', recipient: '', page: 1, pageSize: 20, ...over }, { token, lang })
const sendCode = (mobile: string = DEMO_USER.mobile) =>
  t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO', funcModule: 'login', funcOperation: 'sendCode' })
const approve = (token: string) =>
  t.post(decideRegistrations.path, { eventCode: 'DEMO', contactCodes: [REVIEW_CONTACT_CODE], decision: 'approved', reason: '' }, { token })
const rows = () => t.db.db.select().from(messageLog).orderBy(messageLog.id)
const demoId = async () => (await t.db.db.select({ id: events.id }).from(events).where(eq(events.eventCode, 'DEMO')))[0].id

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['messages.read'].includes(role)

  it(`${allowed ? 'reads' : 'is refused'} the message log`, async () => {
    const token = await staffWithRole(t, `m-${role}`, role)
    expect((await list(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) expect((await list(token, { eventCode })).body.msgId).toBe('ESYS0004')
  })
})

describe('a login code', () => {
  it('is logged as sent, with its event and language, masked in the list, and never with its code', async () => {
    expect((await sendCode()).body.msgId).toBe('')
    const code = t.app.outbox!.list(DEMO_USER.mobile)[0].code!
    const [row] = await rows()
    expect(row).toMatchObject({
      eventId: await demoId(),
      channel: 'sms',
      recipient: DEMO_USER.mobile,
      kind: 'login.code',
      lang: 'zh',
      state: 'sent',
      attempts: 1,
    })
    expect(JSON.stringify(row)).not.toContain(code)

    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await list(token)
    expect(r.body.data.total).toBe(1)
    expect(r.body.data.list[0]).toMatchObject({
      recipient: `${DEMO_USER.mobile.slice(0, 3)}****${DEMO_USER.mobile.slice(-4)}`,
      kind: 'login.code',
      state: 'sent',
    })
    expect(JSON.stringify(r.body)).not.toContain(code)
    expect(JSON.stringify(r.body)).not.toContain(DEMO_USER.mobile)
  })

  it('that the gateway refused shows failed, with its reason', async () => {
    t.app.deps.senderSandbox!.failNext()
    expect((await sendCode()).body.msgId).toBe('ECODE1003')
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await list(token, { state: 'failed' })
    expect(r.body.data.list).toEqual([expect.objectContaining({ state: 'failed', reason: 'sandbox gateway: simulated failure', attempts: 1 })])
    expect((await list(token, { state: 'sent' })).body.data.total).toBe(0)
  })
})

describe('a job that sends', () => {
  it("is one row with the job's attempts: queued with its reason while retried, sent at last, with the attendee", async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await approve(token)).body.msgId).toBe('')
    t.app.deps.senderSandbox!.failNext()
    await t.app.jobs.runOnce(t.clock.now())
    let r = await list(token)
    expect(r.body.data.list).toEqual([
      expect.objectContaining({
        kind: 'register.notice',
        channel: 'sms',
        state: 'queued',
        reason: 'sandbox gateway: simulated failure',
        attempts: 1,
        attendeeName: AUDITING_USER.name,
      }),
    ])

    t.clock.advance(60 * 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    r = await list(token)
    expect(r.body.data.list).toEqual([expect.objectContaining({ kind: 'register.notice', state: 'sent', reason: '', attempts: 2, lang: 'zh' })])
    expect(r.body.data.list[0].sentAt).not.toBeNull()
  })

  it('failing its last attempt shows failed', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    await approve(token)
    await t.db.db.update(jobs).set({ attempts: 7 }).where(eq(jobs.kind, 'register.notice'))
    t.app.deps.senderSandbox!.failNext()
    await t.app.jobs.runOnce(t.clock.now())
    expect((await list(token)).body.data.list).toEqual([expect.objectContaining({ state: 'failed', attempts: 8 })])
  })

  it('by WeChat: a message WeChat will not deliver is failed with its errcode, under the event of its job', async () => {
    const eventId = await demoId()
    const [job] = await t.db.db
      .insert(jobs)
      .values({ kind: 'wechat.subscribeMessage', key: 'k', payload: { eventId }, dueAt: t.clock.now(), createdAt: t.clock.now() })
      .returning()
    t.app.deps.subscribeSandbox!.answerNext(43101, 'user refuse to accept the msg')
    const message = { appId: 'wx1', openid: 'oOPENID12345678', templateId: 'tpl', page: 'p', data: {}, lang: 'en_US' as const }
    await inJobScope(job, () => t.app.deps.subscribeSender!.send(message))
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await list(token, { channel: 'wechat' })
    expect(r.body.data.list).toEqual([
      expect.objectContaining({ channel: 'wechat', recipient: 'oOPE****5678', kind: 'wechat.subscribeMessage', lang: 'en', state: 'failed' }),
    ])
    expect(r.body.data.list[0].reason).toContain('43101')
  })
})

describe('the list', () => {
  it('filters by channel and state, searches by recipient and pages', async () => {
    const other = '13900001111'
    await sendCode()
    t.clock.advance(61_000)
    await sendCode(other)
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await list(token, { channel: 'email' })).body.data.total).toBe(0)
    expect((await list(token, { channel: 'sms' })).body.data.total).toBe(2)
    const found = await list(token, { recipient: '0000111' })
    expect(found.body.data.list.map((m: { recipient: string }) => m.recipient)).toEqual(['139****1111'])
    expect((await list(token, { recipient: '%' })).body.data.total).toBe(0)
    const page2 = await list(token, { page: 2, pageSize: 1 })
    expect(page2.body.data).toMatchObject({
      total: 2,
      list: [expect.objectContaining({ recipient: `${DEMO_USER.mobile.slice(0, 3)}****${DEMO_USER.mobile.slice(-4)}` })],
    })
  })

  it('refuses bad input in the caller’s language, never a 5xx', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await list(token, { channel: 'fax' })).body.msgId).toBe('EVAL0001')
    expect((await list(token, { recipient: 'x'.repeat(65) }, 'en')).body.msgText).toBe('This text is too long')
    expect((await list(token, { pageSize: 101 })).body.msgId).toBe('EVAL0001')
  })
})
