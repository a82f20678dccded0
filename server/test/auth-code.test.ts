/** Login codes: sending (limits) and logging in with them (mobile and e-mail). */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { getUser, guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { MESSAGES } from '@contracts/messages'
import { AUDITING_USER, DEMO_USER, LOCKED_ATTENDEE, OUTSIDER_USER, REJECTED_USER } from '../src/seed'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { CODE_TTL_MS } from '../src/auth/rules/codes'
import { lastCode, setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const sendSms = (mobile: string, eventCode = 'DEMO', lang?: string) =>
  t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode, funcModule: 'login', funcOperation: 'sendCode' }, { lang })
const sendEmail = (email: string, eventCode = 'DEMO') => t.post(sendLoginCode.path, { channel: 'email', email, eventCode })
const loginMobile = (mobile: string, code: string, extra: object = {}) =>
  t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code, ...extra })
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('sending a code', () => {
  it('sends 6 digits by SMS and answers the countdown and a masked number', async () => {
    const r = await sendSms(DEMO_USER.mobile)
    expect(r.statusCode).toBe(200)
    expect(r.body).toEqual({ status: 200, msgText: '', msgId: '', data: { resendAfter: 60, sentTo: '138****8000' } })
    const m = t.app.outbox!.list(DEMO_USER.mobile)[0]
    expect(m).toMatchObject({ channel: 'sms', to: DEMO_USER.mobile, subject: '' })
    expect(m.code).toMatch(/^\d{6}$/)
    expect(m.text).toContain(m.code)
    expect(m.text).toContain('2026 全球开发者大会')
  })

  it('sends by e-mail, in English when asked', async () => {
    const r = await t.post(sendLoginCode.path, { channel: 'email', email: 'Demo@Example.com', eventCode: 'DEMO' }, { lang: 'en' })
    expect(r.body.data).toEqual({ resendAfter: 60, sentTo: 'de***@example.com' })
    const m = t.app.outbox!.list('demo@example.com')[0]
    expect(m.subject).toContain('Global Developer Conference')
    expect(m.text).toContain(`Your login code is ${m.code}`)
  })

  it('always sends, registered or not (no attendee list probing)', async () => {
    expect((await sendSms('13312345678')).body.status).toBe(200)
    expect(t.app.outbox!.list('13312345678')).toHaveLength(1)
  })

  it('is readable from GET /dev/outbox, newest first, filtered by ?to=', async () => {
    await sendSms(DEMO_USER.mobile)
    await sendEmail(DEMO_USER.email)
    const all = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json()
    expect(all.map((m: { channel: string }) => m.channel)).toEqual(['email', 'sms'])
    const mine = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${DEMO_USER.mobile}` })).json()
    expect(mine).toHaveLength(1)
    expect(Object.keys(mine[0]).sort()).toEqual(['channel', 'code', 'sentAt', 'subject', 'text', 'to'])
    expect(mine[0].code).toBe(lastCode(t.app, DEMO_USER.mobile))
  })

  it.each([
    [{ channel: 'sms', mobile: '1380013800', eventCode: 'DEMO' }, 'EVAL0002'],
    [{ channel: 'sms', mobile: '23800138000', eventCode: 'DEMO' }, 'EVAL0002'],
    [{ channel: 'sms', eventCode: 'DEMO' }, 'EVAL0002'],
    [{ channel: 'sms', email: DEMO_USER.email, eventCode: 'DEMO' }, 'EVAL0002'],
    [{ channel: 'email', email: 'demo@', eventCode: 'DEMO' }, 'EVAL0003'],
    [{ channel: 'email', email: `${'a'.repeat(300)}@x.com`, eventCode: 'DEMO' }, 'EVAL0003'],
    [{ channel: 'fax', mobile: DEMO_USER.mobile, eventCode: 'DEMO' }, 'EVAL0001'],
    [{ channel: 'sms', mobile: DEMO_USER.mobile }, 'EVAL0001'],
    [{ channel: 'sms', mobile: DEMO_USER.mobile, eventCode: 'NOPE' }, 'EEVT1001'],
    [{ channel: 'sms', mobile: DEMO_USER.mobile, eventCode: 'CLOSED' }, 'EEVT1002'],
  ])('refuses %j with %s', async (body, msgId) => {
    const r = await t.post(sendLoginCode.path, body)
    expect(r.statusCode).toBe(200)
    expect(r.body).toMatchObject({ status: 0, msgId, msgText: MESSAGES[msgId as keyof typeof MESSAGES].zh, data: null })
    expect(t.app.outbox!.list()).toHaveLength(0)
  })

  it('refuses a channel the event does not allow (ELOG1007)', async () => {
    await t.db.db.execute(sql`UPDATE events SET login_modes = '["account"]' WHERE event_code = 'DEMO'`)
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('ELOG1007')
  })

  it('waits 60 s before resending (ECODE1001), in the caller language', async () => {
    expect((await sendSms(DEMO_USER.mobile)).body.status).toBe(200)
    t.clock.advance(59_000)
    const again = await sendSms(DEMO_USER.mobile, 'DEMO', 'en')
    expect(again.body).toMatchObject({ status: 0, msgId: 'ECODE1001', msgText: MESSAGES.ECODE1001.en })
    t.clock.advance(1_000)
    expect((await sendSms(DEMO_USER.mobile)).body.status).toBe(200)
    // the limit is per destination: another number is not held up
    expect((await sendSms('13312345678')).body.status).toBe(200)
  })

  it('sends at most 10 codes a day per number (ECODE1002), again the next day', async () => {
    // spread over the day, so that the hourly limit per event does not answer first
    for (let i = 0; i < AUTH_RULES.codes.perAddressPerDay; i++) {
      expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('')
      t.clock.advance(3600_000 / AUTH_RULES.codes.perAddressPerEventPerHour)
    }
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('ECODE1002')
    expect((await sendEmail(DEMO_USER.email)).body.msgId).toBe('')
    t.clock.advance(24 * 3600_000)
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('')
  })

  it('answers ECODE1003 when the gateway fails, and does not start a countdown', async () => {
    const sender = t.app.deps.senderSandbox!
    sender.failNext()
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('ECODE1003')
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('')
  })

  it('parallel sends to one number: exactly one is accepted within 60 s', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => sendSms(DEMO_USER.mobile)))
    const ids = results.map((r) => r.body.msgId).sort()
    expect(ids.filter((id) => id === '')).toHaveLength(1)
    expect(ids.filter((id) => id === 'ECODE1001')).toHaveLength(7)
    expect(t.app.outbox!.list(DEMO_USER.mobile)).toHaveLength(1)
    // again once the row exists (the first insert no longer serialises the requests: the lock must)
    t.clock.advance(61_000)
    const again = await Promise.all(Array.from({ length: 8 }, () => sendSms(DEMO_USER.mobile)))
    expect(again.filter((r) => r.body.msgId === '')).toHaveLength(1)
    expect(t.app.outbox!.list(DEMO_USER.mobile)).toHaveLength(2)
  })

  it('applies a gentle per-IP limit (ESYS0003)', async () => {
    const app = await t.buildApp({ prepareDb: false, rateLimits: { sendCodePerMinute: 2 } })
    const send = (mobile: string) =>
      app.inject({ method: 'POST', url: sendLoginCode.path, payload: { channel: 'sms', mobile, eventCode: 'DEMO' } }).then((r) => r.json().msgId)
    expect(await send('13300000001')).toBe('')
    expect(await send('13300000002')).toBe('')
    expect(await send('13300000003')).toBe('ESYS0003')
  })
})

describe('logging in with a code', () => {
  it('mobile + code: token, md5, expiry, user', async () => {
    await sendSms(DEMO_USER.mobile)
    const r = await loginMobile(DEMO_USER.mobile, lastCode(t.app, DEMO_USER.mobile))
    expect(r.body).toMatchObject({ status: 200, msgId: '' })
    const d = r.body.data
    expect(d.token).toMatch(/^[0-9a-f]{64}$/)
    expect(d.tokenMd5).toBe(createHash('md5').update(d.token).digest('hex'))
    expect(Date.parse(d.expiresAt)).toBe(t.clock.t + 72 * 3600_000)
    expect(d.user).toEqual({
      userCode: DEMO_USER.userCode,
      name: DEMO_USER.name,
      mobile: DEMO_USER.mobile,
      email: DEMO_USER.email,
      userName: DEMO_USER.userName,
      userType: 'attendee',
      company: DEMO_USER.company,
      eventCode: 'DEMO',
    })
    const me = await t.post(getUser.path, {}, { token: d.token })
    expect(me.body.data).toEqual(d.user)
  })

  it('email + code, address in any case', async () => {
    await sendEmail('DEMO@example.com')
    const code = lastCode(t.app, DEMO_USER.email)
    const r = await t.post(guestLogin.path, { loginType: 'email', eventCode: 'DEMO', email: 'demo@EXAMPLE.com', code })
    expect(r.body.msgId).toBe('')
    expect(r.body.data.user.email).toBe(DEMO_USER.email)
  })

  it('a code is single use', async () => {
    await sendSms(DEMO_USER.mobile)
    const code = lastCode(t.app, DEMO_USER.mobile)
    expect((await loginMobile(DEMO_USER.mobile, code)).body.msgId).toBe('')
    expect((await loginMobile(DEMO_USER.mobile, code)).body.msgId).toBe('ELOG1004')
  })

  it('a code expires after 10 minutes (ELOG1002)', async () => {
    await sendSms(DEMO_USER.mobile)
    const code = lastCode(t.app, DEMO_USER.mobile)
    t.clock.advance(CODE_TTL_MS)
    expect((await loginMobile(DEMO_USER.mobile, code, {})).body).toMatchObject({ msgId: 'ELOG1002', msgText: MESSAGES.ELOG1002.zh })
  })

  it('works until the last second of the 10 minutes', async () => {
    await sendSms(DEMO_USER.mobile)
    t.clock.advance(CODE_TTL_MS - 1000)
    expect((await loginMobile(DEMO_USER.mobile, lastCode(t.app, DEMO_USER.mobile))).body.msgId).toBe('')
  })

  it('no code requested: ELOG1004', async () => {
    expect((await loginMobile(DEMO_USER.mobile, '123456')).body.msgId).toBe('ELOG1004')
  })

  it('wrong code ELOG1001; the 5th wrong try kills the code (ELOG1003), even the right one after', async () => {
    await sendSms(DEMO_USER.mobile)
    const code = lastCode(t.app, DEMO_USER.mobile)
    for (let i = 0; i < 4; i++) expect((await loginMobile(DEMO_USER.mobile, wrong(code))).body.msgId).toBe('ELOG1001')
    expect((await loginMobile(DEMO_USER.mobile, wrong(code), {})).body.msgId).toBe('ELOG1003')
    expect((await loginMobile(DEMO_USER.mobile, code)).body.msgId).toBe('ELOG1003')
    // a new code starts again
    t.clock.advance(61_000)
    await sendSms(DEMO_USER.mobile)
    expect((await loginMobile(DEMO_USER.mobile, lastCode(t.app, DEMO_USER.mobile))).body.msgId).toBe('')
  })

  it('a newer code replaces the older one', async () => {
    await sendSms(DEMO_USER.mobile)
    const first = lastCode(t.app, DEMO_USER.mobile)
    t.clock.advance(61_000)
    await sendSms(DEMO_USER.mobile)
    const second = lastCode(t.app, DEMO_USER.mobile)
    if (first !== second) expect((await loginMobile(DEMO_USER.mobile, first)).body.msgId).toBe('ELOG1001')
    expect((await loginMobile(DEMO_USER.mobile, second)).body.msgId).toBe('')
  })

  it('a code for another number does not work', async () => {
    await sendSms('13312345678')
    await sendSms(DEMO_USER.mobile)
    expect((await loginMobile(DEMO_USER.mobile, wrong(lastCode(t.app, DEMO_USER.mobile)))).body.msgId).toBe('ELOG1001')
  })

  it.each([
    ['not registered for the event', OUTSIDER_USER.mobile, 'EREG1036'],
    ['unknown person', '13312345678', 'EREG1036'],
    ['registration under review', AUDITING_USER.mobile, 'EREG1040'],
    ['registration rejected', REJECTED_USER.mobile, 'EREG1030'],
  ])('right code, %s → %s (code kept for a later try)', async (_n, mobile, msgId) => {
    await sendSms(mobile)
    const r = await loginMobile(mobile, lastCode(t.app, mobile))
    expect(r.body).toMatchObject({ status: 0, msgId, data: null })
  })

  it('LOCKED event: the extra proofs are checked and a wrong one spends a try', async () => {
    await sendSms(DEMO_USER.mobile, 'LOCKED')
    const code = lastCode(t.app, DEMO_USER.mobile)
    const base = { loginType: 'mobile', eventCode: 'LOCKED', mobile: DEMO_USER.mobile, code, idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE }
    expect((await t.post(guestLogin.path, { ...base, roomNumber: '1' })).body.msgId).toBe('ELOG1010')
    expect((await t.post(guestLogin.path, { ...base, visitingCode: 'nope' })).body.msgId).toBe('ELOG1009')
    expect((await t.post(guestLogin.path, { ...base, idNumber: '11010519491231002X' })).body.msgId).toBe('ELOG1008')
    expect((await t.post(guestLogin.path, { ...base, idNumber: '' })).body.msgId).toBe('EVAL0007')
    const ok = await t.post(guestLogin.path, base)
    expect(ok.body.msgId).toBe('')
    expect(ok.body.data.user.eventCode).toBe('LOCKED')
  })

  it('LOCKED event: five wrong proofs kill the code', async () => {
    await sendSms(DEMO_USER.mobile, 'LOCKED')
    const code = lastCode(t.app, DEMO_USER.mobile)
    const base = { loginType: 'mobile', eventCode: 'LOCKED', mobile: DEMO_USER.mobile, code, idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE }
    for (let i = 0; i < 5; i++) expect((await t.post(guestLogin.path, { ...base, roomNumber: '1' })).body.msgId).toBe('ELOG1010')
    expect((await t.post(guestLogin.path, base)).body.msgId).toBe('ELOG1003')
  })

  it.each([
    [{ loginType: 'mobile', eventCode: 'DEMO', mobile: '138', code: '123456' }, 'EVAL0002'],
    [{ loginType: 'mobile', eventCode: 'DEMO', mobile: DEMO_USER.mobile }, 'EVAL0004'],
    [{ loginType: 'mobile', eventCode: 'DEMO', mobile: DEMO_USER.mobile, code: '12345' }, 'EVAL0004'],
    [{ loginType: 'mobile', eventCode: 'DEMO', mobile: DEMO_USER.mobile, code: 123456 }, 'EVAL0004'],
    [{ loginType: 'email', eventCode: 'DEMO', email: 'x', code: '123456' }, 'EVAL0003'],
    [{ loginType: 'sms', eventCode: 'DEMO', mobile: DEMO_USER.mobile, code: '123456' }, 'EVAL0001'],
    [{ loginType: 'mobile', eventCode: 'NOPE', mobile: DEMO_USER.mobile, code: '123456' }, 'EEVT1001'],
    [{ loginType: 'mobile', eventCode: 'CLOSED', mobile: DEMO_USER.mobile, code: '123456' }, 'EEVT1002'],
  ])('refuses %j with %s', async (body, msgId) => {
    expect((await t.post(guestLogin.path, body)).body).toMatchObject({ status: 0, msgId })
  })

  it('the event may switch a mode off (ELOG1007)', async () => {
    await sendSms(DEMO_USER.mobile)
    await t.db.db.execute(sql`UPDATE events SET login_modes = '["account","email"]' WHERE event_code = 'DEMO'`)
    expect((await loginMobile(DEMO_USER.mobile, lastCode(t.app, DEMO_USER.mobile))).body.msgId).toBe('ELOG1007')
  })

  it('PAST event: an attendee can still log in', async () => {
    await sendSms(DEMO_USER.mobile, 'PAST')
    const r = await t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'PAST', mobile: DEMO_USER.mobile, code: lastCode(t.app, DEMO_USER.mobile) })
    expect(r.body.data.user.eventCode).toBe('PAST')
  })

  it('parallel logins with the same code: exactly one token', async () => {
    await sendSms(DEMO_USER.mobile)
    const code = lastCode(t.app, DEMO_USER.mobile)
    const results = await Promise.all(Array.from({ length: 8 }, () => loginMobile(DEMO_USER.mobile, code)))
    const tokens = results.filter((r) => r.body.status === 200)
    expect(tokens).toHaveLength(1)
    expect(results.filter((r) => r.body.msgId === 'ELOG1004')).toHaveLength(7)
  })

  it('parallel wrong codes are all counted', async () => {
    await sendSms(DEMO_USER.mobile)
    const code = lastCode(t.app, DEMO_USER.mobile)
    const results = await Promise.all(Array.from({ length: 6 }, () => loginMobile(DEMO_USER.mobile, wrong(code))))
    const ids = results.map((r) => r.body.msgId).sort()
    expect(ids).toEqual(['ELOG1001', 'ELOG1001', 'ELOG1001', 'ELOG1001', 'ELOG1003', 'ELOG1003'])
    expect((await loginMobile(DEMO_USER.mobile, code)).body.msgId).toBe('ELOG1003')
  })
})
