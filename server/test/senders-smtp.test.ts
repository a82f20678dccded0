/** The SMTP e-mail sender against a local SMTP server started here. Set-up: senders-support.ts. */
import net, { type AddressInfo } from 'node:net'
import { MessageSendError, SmtpSender } from '../src/kernel/messaging'
import { LocalSmtp, closedPort, localSmtpForEachTest, smtpConfig, useSendersApp } from './senders-support'

useSendersApp()

describe('SmtpSender', () => {
  const smtp = localSmtpForEachTest()

  it('delivers the recipient, subject and body (Chinese included) as given', async () => {
    const text = '【2026 全球开发者大会】您的登录验证码是 482913，10分钟内有效。如非本人操作，请忽略本消息。'
    await new SmtpSender(smtpConfig(smtp.port)).send({
      channel: 'email',
      to: 'lilei@example.com',
      subject: '2026 全球开发者大会 登录验证码',
      text,
      code: '482913',
    })
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
    await expect(new SmtpSender(smtpConfig(port)).send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /^smtp: ESOCKET ECONNREFUSED/,
    )
  })

  it('fails within its timeout when the server never greets', async () => {
    const silent = net.createServer(() => {}) // accepts, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const started = Date.now()
      await expect(
        new SmtpSender(smtpConfig(port), { greetingTimeout: 300 }).send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' }),
      ).rejects.toThrow(/^smtp: ETIMEDOUT/)
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('carries e-mail only', async () => {
    await expect(new SmtpSender(smtpConfig(smtp.port)).send({ channel: 'sms', to: '13800138000', subject: '', text: 't' })).rejects.toThrow(MessageSendError)
  })
})
