/**
 * Real senders: e-mail over SMTP against a local SMTP server started here,
 * Tencent Cloud SMS with a fake SDK client (and once with the real SDK against a local HTTP
 * server), the configuration that picks them, and the login-code flow through each. Nothing
 * leaves 127.0.0.1.
 */
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import type { SendSmsRequest, SendSmsResponse } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { loadConfig, type Config, type EmailConfig, type SmsConfig } from '../src/config'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import {
  ChannelSender,
  MessageSendError,
  SandboxSender,
  SmtpSender,
  TencentSmsSender,
  createSender,
  createTencentSmsClient,
  type TencentSmsClient,
} from '../src/kernel/messaging'
import { toE164 } from '../src/kernel/messaging/tencent-sms'
import { captureLogs } from './log-capture'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

// ---------------------------------------------------------------- a local SMTP server

interface Received {
  from: string
  to: string[]
  raw: Buffer
}

class LocalSmtp {
  received: Received[] = []
  /** answer RCPT TO with 550, as a server refusing the recipient does */
  refuse = false
  /** with credentials, the server requires AUTH with exactly these */
  constructor(private readonly credentials?: { user: string; pass: string }) {}
  port = 0
  private server!: SMTPServer

  async start(): Promise<this> {
    this.server = new SMTPServer({
      // no TLS on a loopback test server; the sender upgrades only when STARTTLS is offered
      disabledCommands: this.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      authOptional: !this.credentials,
      // a reverse DNS lookup of 127.0.0.1 would be a network call
      disableReverseLookup: true,
      logger: false,
      onAuth: (auth, _session, done) => {
        if (auth.username === this.credentials?.user && auth.password === this.credentials?.pass) return done(null, { user: auth.username })
        done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
      },
      onRcptTo: (_address, _session, done) => {
        if (this.refuse) return done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
        done()
      },
      onData: (stream, session: SMTPServerSession, done) => {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          const env = session.envelope
          this.received.push({ from: env.mailFrom ? env.mailFrom.address : '', to: env.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) })
          done()
        })
      },
    })
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.server.address() as AddressInfo).port
    return this
  }

  async last() {
    const m = this.received.at(-1)
    if (!m) throw new Error('nothing arrived')
    return { ...m, mail: await simpleParser(m.raw) }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

const smtpConfig = (port: number, extra: Partial<Extract<EmailConfig, { provider: 'smtp' }>> = {}): Extract<EmailConfig, { provider: 'smtp' }> => ({
  provider: 'smtp',
  url: `smtp://127.0.0.1:${port}`,
  port: 587,
  from: '"Dev Conf" <noreply@example.com>',
  ...extra,
})

/** one local SMTP server for a describe block, emptied and accepting again before each test */
function localSmtpForEachTest(): LocalSmtp {
  const smtp = new LocalSmtp()
  beforeAll(async () => {
    await smtp.start()
  })
  afterAll(async () => smtp.stop())
  beforeEach(() => {
    smtp.received = []
    smtp.refuse = false
  })
  return smtp
}

/** a port nothing listens on */
async function closedPort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

describe('SmtpSender', () => {
  const smtp = localSmtpForEachTest()

  it('delivers the recipient, subject and body (Chinese included) as given', async () => {
    const text = '【2026 全球开发者大会】您的登录验证码是 482913，10分钟内有效。如非本人操作，请忽略本消息。'
    await new SmtpSender(smtpConfig(smtp.port)).send({ channel: 'email', to: 'lilei@example.com', subject: '2026 全球开发者大会 登录验证码', text, code: '482913' })
    const m = await smtp.last()
    expect(m.from).toBe('noreply@example.com')
    expect(m.to).toEqual(['lilei@example.com'])
    expect(m.mail.to).toMatchObject({ value: [{ address: 'lilei@example.com' }] })
    expect(m.mail.from).toMatchObject({ value: [{ address: 'noreply@example.com', name: 'Dev Conf' }] })
    expect(m.mail.subject).toBe('2026 全球开发者大会 登录验证码')
    expect(m.mail.text?.trim()).toBe(text)
  })

  it('logs in to the server with SMTP_HOST / SMTP_PORT / SMTP_USER / SMTP_PASS', async () => {
    const authed = await new LocalSmtp({ user: 'mailer', pass: 's3cret' }).start()
    try {
      const cfg = (pass: string) => smtpConfig(authed.port, { url: undefined, host: '127.0.0.1', port: authed.port, user: 'mailer', pass })
      await new SmtpSender(cfg('s3cret')).send({ channel: 'email', to: 'demo@example.com', subject: 's', text: 'hello' })
      expect(authed.received).toHaveLength(1)
      await expect(new SmtpSender(cfg('wrong')).send({ channel: 'email', to: 'demo@example.com', subject: 's', text: 'hello' })).rejects.toThrow(
        /smtp: EAUTH 535/,
      )
    } finally {
      await authed.stop()
    }
  })

  it('fails when the server refuses the recipient, without quoting the address', async () => {
    smtp.refuse = true
    const err = await new SmtpSender(smtpConfig(smtp.port)).send({ channel: 'email', to: 'lilei@example.com', subject: 's', text: 't' }).catch((e) => e)
    expect(err).toBeInstanceOf(MessageSendError)
    expect(err.message).toMatch(/^smtp: EENVELOPE 550 RCPT TO$/)
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain('lilei')
    expect(smtp.received).toHaveLength(0)
  })

  it('fails when the server cannot be reached', async () => {
    const port = await closedPort()
    await expect(new SmtpSender(smtpConfig(port)).send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(/^smtp: ESOCKET ECONNREFUSED/)
  })

  it('fails within its timeout when the server never greets', async () => {
    const silent = net.createServer(() => {}) // accepts, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const started = Date.now()
      await expect(new SmtpSender(smtpConfig(port), { greetingTimeout: 300 }).send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
        /^smtp: ETIMEDOUT/,
      )
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('carries e-mail only', async () => {
    await expect(new SmtpSender(smtpConfig(smtp.port)).send({ channel: 'sms', to: '13800138000', subject: '', text: 't' })).rejects.toThrow(MessageSendError)
  })
})

// ---------------------------------------------------------------- Tencent Cloud SMS

const TENCENT: Extract<SmsConfig, { provider: 'tencent' }> = {
  provider: 'tencent',
  secretId: 'AKIDfake',
  secretKey: 'fake-key',
  appId: '1400787878',
  signName: '开发者大会',
  templateId: '1890123',
  region: 'ap-guangzhou',
  templateParams: ['code'],
}

/** The answers of SendSms as Tencent documents them (API 2021-01-11, "示例"). */
const tencentAnswer = {
  ok: (phone: string): SendSmsResponse => ({
    SendStatusSet: [
      { SerialNo: '5000:1045710669157053657849499619', PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' },
    ],
    RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
  }),
  refused: (phone: string): SendSmsResponse => ({
    SendStatusSet: [
      {
        SerialNo: '',
        PhoneNumber: phone,
        Fee: 0,
        SessionContext: '',
        Code: 'LimitExceeded.PhoneNumberDailyLimit',
        Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
        IsoCode: 'CN',
      },
    ],
    RequestId: 'b1a0d7c2-4c55-4f0a-9d0e-3d7c1e2f0a11',
  }),
}

class FakeTencentClient implements TencentSmsClient {
  requests: SendSmsRequest[] = []
  answer: (req: SendSmsRequest) => SendSmsResponse = (req) => tencentAnswer.ok(req.PhoneNumberSet[0])
  async SendSms(req: SendSmsRequest): Promise<SendSmsResponse> {
    this.requests.push(req)
    return this.answer(req)
  }
}

describe('TencentSmsSender', () => {
  it('sends the number as +86, the app id, sign name, template id and the code as the template parameter', async () => {
    const client = new FakeTencentClient()
    await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '…', code: '482913' })
    expect(client.requests).toEqual([
      { PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400787878', SignName: '开发者大会', TemplateId: '1890123', TemplateParamSet: ['482913'] },
    ])
  })

  it('fills the parameters the template declares, in order (code, minutes)', async () => {
    const client = new FakeTencentClient()
    await new TencentSmsSender({ ...TENCENT, templateParams: ['code', 'minutes'] }, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '000123' })
    expect(client.requests[0].TemplateParamSet).toEqual(['000123', '10'])
  })

  it('throws the provider code when the number was refused', async () => {
    const client = new FakeTencentClient()
    client.answer = (req) => tencentAnswer.refused(req.PhoneNumberSet[0])
    const err = await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' }).catch((e) => e)
    expect(err).toBeInstanceOf(MessageSendError)
    expect(err.message).toBe('tencent-sms: LimitExceeded.PhoneNumberDailyLimit')
    expect(err.requestId).toBe('b1a0d7c2-4c55-4f0a-9d0e-3d7c1e2f0a11')
  })

  it('throws the API error code the SDK raises (bad credentials, network)', async () => {
    const client = new FakeTencentClient()
    // what the SDK's TencentCloudSDKHttpException carries (the real one: the local HTTP server test below)
    client.SendSms = async () => {
      throw Object.assign(new Error('The SecretId is not found, please ensure that your SecretId is correct.'), {
        name: 'TencentCloudSDKHttpException',
        requestId: 'c2d1e0f9-req',
        code: 'AuthFailure.SecretIdNotFound',
      })
    }
    const err = await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' }).catch((e) => e)
    expect(err.message).toBe('tencent-sms: AuthFailure.SecretIdNotFound')
    expect(err.requestId).toBe('c2d1e0f9-req')

    client.SendSms = async () => {
      throw Object.assign(new Error('request to https://sms.tencentcloudapi.com/ failed, reason: connect ECONNREFUSED'), { name: 'FetchError' })
    }
    await expect(new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(
      'tencent-sms: request failed (FetchError)',
    )
  })

  it('throws when the answer has no status for the number', async () => {
    const client = new FakeTencentClient()
    client.answer = () => ({ SendStatusSet: [], RequestId: 'x' })
    await expect(new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(MessageSendError)
  })

  it('maps numbers to E.164 and refuses what is not a number', () => {
    expect(toE164('13800138000')).toBe('+8613800138000')
    expect(toE164('8613800138000')).toBe('+8613800138000')
    expect(toE164('0086 138-0013-8000')).toBe('+8613800138000')
    expect(toE164('+85291234567')).toBe('+85291234567')
    expect(() => toE164('12345')).toThrow(MessageSendError)
    expect(() => toE164('demo@example.com')).toThrow(MessageSendError)
  })

  it('carries SMS only, and only messages with a code', async () => {
    const sender = new TencentSmsSender(TENCENT, new FakeTencentClient())
    await expect(sender.send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(MessageSendError)
    await expect(sender.send({ channel: 'sms', to: '13800138000', subject: '', text: 't' })).rejects.toThrow(/needs a code/)
  })

  it('the real SDK client sends SendSms with that request and reads both answers (local HTTP server)', async () => {
    const seen: { action?: string; body: SendSmsRequest }[] = []
    let reply: object = { Response: tencentAnswer.ok('+8613800138000') }
    const server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ action: req.headers['x-tc-action'] as string, body: JSON.parse(body) })
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(reply))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // an agent of our own also keeps the SDK from using an http_proxy of the environment
      const client = await createTencentSmsClient(TENCENT, { endpoint: `127.0.0.1:${port}`, protocol: 'http://', agent: new http.Agent() })
      const sender = new TencentSmsSender(TENCENT, client)
      await sender.send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '482913' })
      expect(seen[0].action).toBe('SendSms')
      expect(seen[0].body).toMatchObject({ PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400787878', TemplateId: '1890123', TemplateParamSet: ['482913'] })

      reply = { Response: { Error: { Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate', Message: '请求内容与审核通过的模板内容不匹配' }, RequestId: 'r-42' } }
      await expect(sender.send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(
        'tencent-sms: FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

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
