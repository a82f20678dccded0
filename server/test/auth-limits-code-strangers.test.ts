/**
 * A stranger who knows an attendee's mobile number: the code limits count per requester (the
 * client address) as well as per number, so the stranger neither uses up the owner's sends for
 * the day nor kills, with wrong guesses, the code the owner already holds. Set-up:
 * auth-limits-support.ts.
 */
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { DEMO_USER } from '../src/seed'
import { lastCode } from './helper'
import { ATTACKER_IP, C, HOUR, OWNER_IP, bot, count, msgIds, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

const mobile = DEMO_USER.mobile
const send = (ip: string, to = mobile) => t.post(sendLoginCode.path, { channel: 'sms', mobile: to, eventCode: 'DEMO' }, { ip })
const login = (ip: string, code: string, to = mobile) => t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile: to, code }, { ip })
/** a code that is not the one sent (the sent one plus one, on six digits) */
const wrong = (code: string, k = 1) => String((Number(code) + k) % 1_000_000).padStart(6, '0')

describe('sends: a stranger cannot use up the owner’s quota', () => {
  it('ten sends for the number from other addresses, a minute apart, leave the owner a code', async () => {
    const rs = []
    for (let i = 0; i < C.perAddressPerDay; i++) {
      rs.push(await send(bot(i)))
      t.clock.advance(C.resendMs + 1000)
    }
    expect(msgIds(rs)).toEqual(Array(C.perAddressPerDay).fill(''))
    const owner = await send(OWNER_IP)
    expect(owner.body.msgId).toBe('')
    expect((await login(OWNER_IP, lastCode(t.app, mobile))).body.msgId).toBe('')
  })

  it('one requester is held by its own resend wait, hourly and daily counts for the number', async () => {
    expect((await send(ATTACKER_IP)).body.msgId).toBe('')
    expect((await send(ATTACKER_IP)).body.msgId).toBe('ECODE1001')
    // the owner, elsewhere, is not made to wait for the stranger's countdown
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    for (let i = 1; i < C.perAddressPerEventPerHour; i++) {
      t.clock.advance(C.resendMs)
      expect((await send(ATTACKER_IP)).body.msgId).toBe('')
    }
    t.clock.advance(C.resendMs)
    expect((await send(ATTACKER_IP)).body.msgId).toBe('ECODE1004')
  })

  it(`the number's ceiling for requesters it has not seen log in (${C.perAddressPerDayStrangers} a day) does not refuse a requester that logged in with it before`, async () => {
    // yesterday the owner logged in from home
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    expect((await login(OWNER_IP, lastCode(t.app, mobile))).body.msgId).toBe('')
    t.clock.advance(24 * HOUR)
    const rs = []
    for (let i = 0; i < C.perAddressPerDayStrangers + 3; i++) {
      rs.push((await send(bot(i))).body.msgId)
      t.clock.advance(C.resendMs)
    }
    expect(count(rs, '')).toBe(C.perAddressPerDayStrangers)
    expect(count(rs, 'ECODE1002')).toBe(3)
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    expect((await login(OWNER_IP, lastCode(t.app, mobile))).body.msgId).toBe('')
  })
})

describe('wrong codes: a stranger cannot kill the owner’s code', () => {
  it('a stranger’s wrong tries use up the stranger’s tries, not the code the owner holds', async () => {
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    const code = lastCode(t.app, mobile)
    const rs = []
    for (let k = 1; k <= C.maxAttempts + 2; k++) rs.push(await login(ATTACKER_IP, wrong(code, k)))
    expect(msgIds(rs)).toEqual([...Array(C.maxAttempts - 1).fill('ELOG1001'), 'ELOG1003', 'ELOG1003', 'ELOG1003'])
    // the stranger's tries are over even with the right code …
    expect((await login(ATTACKER_IP, code)).body.msgId).toBe('ELOG1003')
    // … the owner's code still works
    expect((await login(OWNER_IP, code)).body.msgId).toBe('')
  })

  it(`every requester together has ${C.maxAttemptsPerCode} wrong tries on one code: then it is dead for everyone, and a new code starts again`, async () => {
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    const code = lastCode(t.app, mobile)
    const rs = []
    for (let k = 1; k <= C.maxAttemptsPerCode; k++) rs.push(await login(bot(k), wrong(code, k)))
    expect(msgIds(rs)).toEqual([...Array(C.maxAttemptsPerCode - 1).fill('ELOG1001'), 'ELOG1003'])
    expect((await login(OWNER_IP, code)).body.msgId).toBe('ELOG1003')
    t.clock.advance(C.resendMs)
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    expect((await login(bot(1), wrong(lastCode(t.app, mobile)))).body.msgId).toBe('ELOG1001')
    expect((await login(OWNER_IP, lastCode(t.app, mobile))).body.msgId).toBe('')
  })

  it('the owner’s own tries are counted too: the last of maxAttempts answers ELOG1003; asking again sends the same code with new tries', async () => {
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    const code = lastCode(t.app, mobile)
    for (let k = 1; k < C.maxAttempts; k++) expect((await login(OWNER_IP, wrong(code, k))).body.msgId).toBe('ELOG1001')
    expect((await login(OWNER_IP, wrong(code, 99))).body.msgId).toBe('ELOG1003')
    expect((await login(OWNER_IP, code)).body.msgId).toBe('ELOG1003')
    t.clock.advance(C.resendMs)
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    expect(lastCode(t.app, mobile)).toBe(code)
    expect((await login(OWNER_IP, code)).body.msgId).toBe('')
  })

  it('a stranger who asks again gets new tries on the same code, never more than the code’s own count', async () => {
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    const code = lastCode(t.app, mobile)
    for (let k = 1; k <= C.maxAttempts; k++) await login(ATTACKER_IP, wrong(code, k))
    expect((await send(ATTACKER_IP)).body.msgId).toBe('')
    const rs = []
    for (let k = 1; k <= C.maxAttempts + 1; k++) rs.push(await login(ATTACKER_IP, wrong(code, 10 + k)))
    // 5 + 5 = maxAttemptsPerCode: the code is dead, for the owner too
    expect(msgIds(rs)).toEqual([...Array(C.maxAttemptsPerCode - C.maxAttempts - 1).fill('ELOG1001'), 'ELOG1003', 'ELOG1003'])
    expect((await login(OWNER_IP, code)).body.msgId).toBe('ELOG1003')
    // once the owner's own countdown is over, a new code
    t.clock.advance(C.resendMs)
    expect((await send(OWNER_IP)).body.msgId).toBe('')
    expect(lastCode(t.app, mobile)).not.toBe(code)
    expect((await login(OWNER_IP, lastCode(t.app, mobile))).body.msgId).toBe('')
  })
})
