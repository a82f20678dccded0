/** The login-code flow through each real sender. Nothing leaves 127.0.0.1. Set-up: senders-support.ts. */
import type { FastifyInstance } from 'fastify'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { createSender } from '../src/kernel/messaging'
import { captureLogs } from './log-capture'
import { FakeTencentClient, TENCENT, closedPort, localSmtpForEachTest, smtpConfig, t, tencentAnswer, useSendersApp } from './senders-support'

useSendersApp()

// ---------------------------------------------------------------- the login code through each sender

describe('login codes through the real senders', () => {
  const smtp = localSmtpForEachTest()

  const sendCode = (app: FastifyInstance, payload: object, lang = 'en') =>
    app.inject({ method: 'POST', url: sendLoginCode.path, payload: { eventCode: 'DEMO', ...payload }, headers: { lang } }).then((r) => r.json().msgId as string)
  const login = (app: FastifyInstance, payload: object) =>
    app.inject({ method: 'POST', url: guestLogin.path, payload: { eventCode: 'DEMO', ...payload } }).then((r) => r.json().msgId as string)

  it('e-mail: the code arrives over SMTP and logs in; SMS stays in the sandbox', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { email: smtpConfig(smtp.port) } })
    expect(await sendCode(app, { channel: 'email', email: DEMO_USER.email })).toBe('')
    const m = await smtp.last()
    expect(m.to).toEqual([DEMO_USER.email])
    expect(m.mail.subject).toBe('2026 Global Developer Conference: your login code')
    const code = /login code is (\d{6})\./.exec(m.mail.text ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(await login(app, { loginType: 'email', email: DEMO_USER.email, code })).toBe('')
    // nothing of the e-mail reached the outbox; the SMS channel still uses it
    expect(app.outbox!.list()).toHaveLength(0)
    expect(await sendCode(app, { channel: 'sms', mobile: DEMO_USER.mobile })).toBe('')
    expect(app.outbox!.list(DEMO_USER.mobile)).toHaveLength(1)
  })

  it('e-mail: a refusing or unreachable server answers ECODE1003 and gives the send back', async () => {
    const { logs, logger } = captureLogs()
    const app = await t.buildApp({ prepareDb: false, logger, config: { email: smtpConfig(smtp.port) } })
    smtp.refuse = true
    expect(await sendCode(app, { channel: 'email', email: COLLEAGUE_USER.email })).toBe('ECODE1003')
    smtp.refuse = false
    // no 60-second countdown started: the person may ask again at once
    expect(await sendCode(app, { channel: 'email', email: COLLEAGUE_USER.email })).toBe('')
    expect(logs.entries().find((e) => e.msg === 'code could not be sent')?.err.message).toBe('smtp: EENVELOPE 550 RCPT TO')
    expect(logs.text).not.toContain(COLLEAGUE_USER.email)

    const down = await t.buildApp({ prepareDb: false, config: { email: smtpConfig(await closedPort()) } })
    expect(await sendCode(down, { channel: 'email', email: DEMO_USER.email })).toBe('ECODE1003')
  })

  it('SMS: Tencent gets the number and the code, which logs in; a refused number answers ECODE1003', async () => {
    const client = new FakeTencentClient()
    const tencentCfg = { ...TENCENT, templateParams: ['code', 'minutes'] as const }
    const sender = createSender(
      { isProduction: true, sms: { ...tencentCfg, templateParams: [...tencentCfg.templateParams] }, email: { provider: 'off' } },
      { log: t.app.log, outbox: null, now: t.clock.now, tencentSmsClient: client },
    )
    const app = await t.buildApp({ prepareDb: false, sender })
    expect(await sendCode(app, { channel: 'sms', mobile: COLLEAGUE_USER.mobile }, 'zh')).toBe('')
    const [req] = client.requests
    expect(req.PhoneNumberSet).toEqual([`+86${COLLEAGUE_USER.mobile}`])
    expect(req.TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/), '10'])
    expect(await login(app, { loginType: 'mobile', mobile: COLLEAGUE_USER.mobile, code: req.TemplateParamSet![0] })).toBe('')

    client.answer = (r) => tencentAnswer.refused(r.PhoneNumberSet[0])
    expect(await sendCode(app, { channel: 'sms', mobile: DEMO_USER.mobile })).toBe('ECODE1003')
    client.answer = (r) => tencentAnswer.ok(r.PhoneNumberSet[0])
    expect(await sendCode(app, { channel: 'sms', mobile: DEMO_USER.mobile })).toBe('')
    // e-mail is off in this deployment
    expect(await sendCode(app, { channel: 'email', email: DEMO_USER.email })).toBe('ECODE1003')
  })
})
