/**
 * The login-code limits per normalised address through the API: plus-addresses and gmail dots as
 * one mailbox, the resend wait, the hourly and daily counts at their edges, a failed send giving
 * its counts back, parallel sends. Set-up: auth-limits-support.ts.
 */
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { MESSAGES, messageText } from '@contracts/messages'
import { LOCKED_EVENT } from '../src/seed'
import { lastCode } from './helper'
import { C, HOUR, MINUTE, count, msgIds, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

describe('code limits per normalised address', () => {
  const sendEmail = (email: string, eventCode = 'DEMO', ip?: string) => t.post(sendLoginCode.path, { channel: 'email', email, eventCode }, { ip })

  it('plus-addresses are one mailbox: lilei+0 … lilei+4 within a second get one code, sent to the address as typed', async () => {
    const rs = []
    for (let i = 0; i < 5; i++) rs.push(await sendEmail(`lilei+${i}@example.com`))
    expect(msgIds(rs)).toEqual(['', 'ECODE1001', 'ECODE1001', 'ECODE1001', 'ECODE1001'])
    expect(t.app.outbox!.list().map((m) => m.to)).toEqual(['lilei+0@example.com'])
    // and the code works for the address it was sent to
    const r = await t.post(guestLogin.path, {
      loginType: 'email',
      eventCode: 'DEMO',
      email: 'lilei+0@example.com',
      code: lastCode(t.app, 'lilei+0@example.com'),
    })
    expect(r.body.msgId).toBe('EREG1036')
  })

  it('gmail dots and googlemail.com are one mailbox; elsewhere a dot is another person', async () => {
    expect((await sendEmail('li.lei@gmail.com')).body.msgId).toBe('')
    expect((await sendEmail('LiLei+x@googlemail.com')).body.msgId).toBe('ECODE1001')
    expect((await sendEmail('li.lei@example.com')).body.msgId).toBe('')
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('')
  })

  it('the resend wait: refused 1 ms before resendMs, accepted at it', async () => {
    expect((await sendEmail('lilei+a@example.com')).body.msgId).toBe('')
    t.clock.advance(C.resendMs - 1)
    expect((await sendEmail('lilei+b@example.com')).body.msgId).toBe('ECODE1001')
    t.clock.advance(1)
    expect((await sendEmail('lilei+b@example.com')).body.msgId).toBe('')
  })

  it('perAddressPerEventPerHour per event and clock hour (ECODE1004 with the minutes left), refusals use nothing, another event has its own', async () => {
    for (let i = 0; i < C.perAddressPerEventPerHour; i++) {
      expect((await sendEmail(`lilei+${i}@example.com`)).body.msgId).toBe('')
      t.clock.advance(C.resendMs)
    }
    // the clock starts at 12:00 Shanghai: the hour ends at 13:00
    const left = Math.ceil((HOUR - C.perAddressPerEventPerHour * C.resendMs) / MINUTE)
    const over = await sendEmail('lilei@example.com', 'DEMO')
    expect(over.body).toMatchObject({ msgId: 'ECODE1004', msgText: messageText('ECODE1004', 'zh', { minutes: left }) })
    expect(MESSAGES.ECODE1004.en).toContain('{minutes}')
    // another event counts apart; the refusal above started no countdown
    expect((await sendEmail('lilei@example.com', LOCKED_EVENT.eventCode)).body.msgId).toBe('')
    // 1 ms before the next hour: still refused; at it: accepted
    t.clock.set(new Date(Math.ceil(t.clock.t / HOUR) * HOUR - 1))
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('ECODE1004')
    t.clock.advance(1)
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('')
  })

  it('perAddressPerDay per Shanghai day whatever the tag and the event; refused sends are not counted', async () => {
    let sent = 0
    const events = ['DEMO', LOCKED_EVENT.eventCode]
    for (let hour = 0; sent < C.perAddressPerDay; hour++) {
      // the hourly limit refuses the 6th of an hour: it must not count towards the day
      for (let i = 0; i <= C.perAddressPerEventPerHour && sent < C.perAddressPerDay; i++) {
        const r = await sendEmail(`lilei+${sent}@example.com`, events[hour % 2])
        if (i < C.perAddressPerEventPerHour) {
          expect(r.body.msgId).toBe('')
          sent++
        } else expect(r.body.msgId).toBe('ECODE1004')
        t.clock.advance(C.resendMs)
      }
      t.clock.set(new Date(Math.ceil((t.clock.t + 1) / HOUR) * HOUR))
    }
    expect((await sendEmail('LILEI+again@example.com')).body.msgId).toBe('ECODE1002')
    // the next Shanghai day (00:00 +08:00 = 16:00 UTC)
    t.clock.set(new Date(Math.ceil((t.clock.t - 16 * HOUR) / (24 * HOUR)) * 24 * HOUR + 16 * HOUR - 1))
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('ECODE1002')
    t.clock.advance(1)
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('')
  })

  it('a failed send gives back the countdown and the counts', async () => {
    for (let i = 0; i < C.perAddressPerEventPerHour - 1; i++) {
      expect((await sendEmail('lilei@example.com')).body.msgId).toBe('')
      t.clock.advance(C.resendMs)
    }
    t.app.deps.senderSandbox!.failNext()
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('ECODE1003')
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('')
    t.clock.advance(C.resendMs)
    expect((await sendEmail('lilei@example.com')).body.msgId).toBe('ECODE1004')
  })

  it('parallel sends to plus-addresses of one mailbox: exactly one code', async () => {
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => sendEmail(`lilei+${i}@example.com`)))
    expect(count(msgIds(rs), '')).toBe(1)
    expect(count(msgIds(rs), 'ECODE1001')).toBe(9)
    expect(t.app.outbox!.list()).toHaveLength(1)
  })
})
