/** Choosing the senders from the environment. Set-up: senders-support.ts. */
import { loadConfig, type Config, type EmailConfig, type SmsConfig } from '../src/config'
import { ChannelSender, SandboxSender, createSender } from '../src/kernel/messaging'
import { FakeTencentClient, LocalSmtp, TENCENT, smtpConfig, t, useSendersApp } from './senders-support'

useSendersApp()

// ---------------------------------------------------------------- configuration and routing

describe('choosing senders from the environment', () => {
  const TENCENT_ENV = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'AKIDfake',
    TENCENT_SMS_SECRET_KEY: 'fake-key',
    TENCENT_SMS_APP_ID: '1400787878',
    TENCENT_SMS_SIGN_NAME: '开发者大会',
    TENCENT_SMS_TEMPLATE_ID: '1890123',
  }

  it('sandbox for both channels by default', () => {
    expect(loadConfig({})).toMatchObject({ sms: { provider: 'sandbox' }, email: { provider: 'sandbox' } })
  })

  it('reads Tencent Cloud SMS, and names what is missing', () => {
    expect(loadConfig(TENCENT_ENV).sms).toEqual({ ...TENCENT, templateParams: ['code'] })
    expect(loadConfig({ ...TENCENT_ENV, TENCENT_SMS_TEMPLATE_PARAMS: 'code, minutes', TENCENT_SMS_REGION: 'ap-beijing' }).sms).toMatchObject({
      templateParams: ['code', 'minutes'],
      region: 'ap-beijing',
    })
    expect(() => loadConfig({ ...TENCENT_ENV, TENCENT_SMS_TEMPLATE_PARAMS: 'code,name' })).toThrow(/TENCENT_SMS_TEMPLATE_PARAMS/)
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' })).toThrow(
      /TENCENT_SMS_SECRET_KEY, TENCENT_SMS_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID/,
    )
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/)
  })

  it('reads SMTP from SMTP_URL or SMTP_HOST…, and names what is missing', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', SMTP_FROM: 'noreply@example.com' }).email).toMatchObject({
      provider: 'smtp',
      url: 'smtps://u:p@mail.example.com',
      from: 'noreply@example.com',
    })
    expect(loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'u', SMTP_PASS: 'p', SMTP_FROM: 'noreply@example.com' }).email).toEqual({
      provider: 'smtp',
      host: 'mail.example.com',
      port: 587,
      user: 'u',
      pass: 'p',
      from: 'noreply@example.com',
    })
    expect(() => loadConfig({ SMTP_HOST: 'mail.example.com' })).toThrow(/SMTP_FROM/)
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_URL or SMTP_HOST/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_URL/)
    expect(() => loadConfig({ SMTP_HOST: 'h', SMTP_PORT: '99999', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_PORT/)
    expect(loadConfig({ EMAIL_PROVIDER: 'off', SMS_PROVIDER: 'off' })).toMatchObject({ sms: { provider: 'off' }, email: { provider: 'off' } })
  })

  const deps = () => ({ log: t.app.log, outbox: null, now: () => new Date() })
  const cfg = (c: Partial<Config>) => ({ isProduction: false, sms: { provider: 'sandbox' } as SmsConfig, email: { provider: 'sandbox' } as EmailConfig, ...c })

  it('one sandbox for both channels when nothing is configured; a channel router otherwise', () => {
    expect(createSender(cfg({}), deps())).toBeInstanceOf(SandboxSender)
    expect(createSender(cfg({ sms: TENCENT }), { ...deps(), tencentSmsClient: new FakeTencentClient() })).toBeInstanceOf(ChannelSender)
  })

  it('routes sms to SMS and email to SMTP', async () => {
    const smtp = await new LocalSmtp().start()
    try {
      const client = new FakeTencentClient()
      const sender = createSender(cfg({ sms: TENCENT, email: smtpConfig(smtp.port) }), { ...deps(), tencentSmsClient: client })
      await sender.send({ channel: 'sms', to: '13800138000', subject: '', text: 'x', code: '111111' })
      await sender.send({ channel: 'email', to: 'demo@example.com', subject: 'code', text: 'your code 222222', code: '222222' })
      expect(client.requests.map((r) => r.TemplateParamSet)).toEqual([['111111']])
      expect(smtp.received.map((m) => m.to)).toEqual([['demo@example.com']])
    } finally {
      await smtp.stop()
    }
  })

  it('a channel that is off, or the sandbox in production, fails every send', async () => {
    const off = createSender(cfg({ sms: { provider: 'off' }, email: { provider: 'off' } }), deps())
    await expect(off.send({ channel: 'sms', to: '13800138000', subject: '', text: '' })).rejects.toThrow(/SMS is off/)
    await expect(off.send({ channel: 'email', to: 'a@example.com', subject: '', text: '' })).rejects.toThrow(/e-mail is off/)
    const prod = createSender(cfg({ isProduction: true }), deps())
    await expect(prod.send({ channel: 'email', to: 'a@example.com', subject: '', text: '' })).rejects.toThrow(/no email sender configured/)
  })
})
