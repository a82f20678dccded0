/**
 * Set-up and fakes of the real-sender tests (senders-*.test.ts). Real senders: e-mail over SMTP against a local SMTP server started here,
 * Tencent Cloud SMS with a fake SDK client (and once with the real SDK against a local HTTP
 * server), the configuration that picks them, and the login-code flow through each. Nothing
 * leaves 127.0.0.1.
 */
import net, { type AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import type { SendSmsRequest, SendSmsResponse } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models'
import { type EmailConfig, type SmsConfig } from '../src/config'
import { type TencentSmsClient } from '../src/kernel/messaging'
import { setup, type TestContext } from './helper'

export let t: TestContext

// ---------------------------------------------------------------- a local SMTP server

export interface Received {
  from: string
  to: string[]
  raw: Buffer
}

export class LocalSmtp {
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

export const smtpConfig = (port: number, extra: Partial<Extract<EmailConfig, { provider: 'smtp' }>> = {}): Extract<EmailConfig, { provider: 'smtp' }> => ({
  provider: 'smtp',
  url: `smtp://127.0.0.1:${port}`,
  port: 587,
  from: '"Dev Conf" <noreply@example.com>',
  ...extra,
})

/** one local SMTP server for a describe block, emptied and accepting again before each test */
export function localSmtpForEachTest(): LocalSmtp {
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
export async function closedPort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

// ---------------------------------------------------------------- Tencent Cloud SMS

export const TENCENT: Extract<SmsConfig, { provider: 'tencent' }> = {
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
export const tencentAnswer = {
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

export class FakeTencentClient implements TencentSmsClient {
  requests: SendSmsRequest[] = []
  answer: (req: SendSmsRequest) => SendSmsResponse = (req) => tencentAnswer.ok(req.PhoneNumberSet[0])
  async SendSms(req: SendSmsRequest): Promise<SendSmsResponse> {
    this.requests.push(req)
    return this.answer(req)
  }
}

/** one app for the file, reset before each test */
export function useSendersApp(): void {
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => t.reset())
}
