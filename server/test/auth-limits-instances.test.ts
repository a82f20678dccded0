/**
 * The request limits shared by instances on one database: one per-address limit across two apps,
 * its next window, and exactly the limit let through by parallel requests. Set-up:
 * auth-limits-support.ts.
 */
import type { FastifyInstance } from 'fastify'
import { sendLoginCode } from '@contracts/calls/auth'
import { DEMO_USER } from '../src/seed'
import { ATTACKER_IP, MINUTE, OWNER_IP, bot, count, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

describe('limits shared by instances', () => {
  const limits = { sendCodePerMinute: 3, loginPerMinute: 4, pageViewPerMinute: 5 }
  let a: FastifyInstance
  let b: FastifyInstance
  beforeEach(async () => {
    a = await t.buildApp({ prepareDb: false, rateLimits: limits })
    b = await t.buildApp({ prepareDb: false, rateLimits: limits })
  })
  const send = (app: FastifyInstance, i: number) =>
    app
      .inject({
        method: 'POST',
        url: sendLoginCode.path,
        remoteAddress: ATTACKER_IP,
        payload: { channel: 'sms', mobile: `133000000${String(i).padStart(2, '0')}`, eventCode: 'DEMO' },
      })
      .then((r) => r.json().msgId as string)

  it('two instances on one database share one per-address limit; it opens again in the next window', async () => {
    expect([await send(a, 1), await send(b, 2), await send(a, 3)]).toEqual(['', '', ''])
    expect(await send(b, 4)).toBe('ESYS0003')
    expect(await send(a, 5)).toBe('ESYS0003')
    // another address has its own limit
    const other = await b.inject({
      method: 'POST',
      url: sendLoginCode.path,
      remoteAddress: OWNER_IP,
      payload: { channel: 'sms', mobile: '13300000099', eventCode: 'DEMO' },
    })
    expect(other.json().msgId).toBe('')
    t.clock.set(new Date(Math.ceil((t.clock.t + 1) / MINUTE) * MINUTE))
    expect(await send(b, 6)).toBe('')
  })

  it('parallel requests on both instances: exactly the limit is let through', async () => {
    const rs = await Promise.all(Array.from({ length: 24 }, (_, i) => send(i % 2 ? a : b, i)))
    expect(count(rs, '')).toBe(limits.sendCodePerMinute)
    expect(count(rs, 'ESYS0003')).toBe(24 - limits.sendCodePerMinute)
  })

  it('parallel code requests for one number on both instances: from one address exactly one; from many, all get the same code', async () => {
    // the tests' generous per-address limits: the code's own rules are what is looked at here
    const [a, b] = [await t.buildApp({ prepareDb: false }), await t.buildApp({ prepareDb: false })]
    const one = (app: FastifyInstance, ip: string) =>
      app
        .inject({ method: 'POST', url: sendLoginCode.path, remoteAddress: ip, payload: { channel: 'sms', mobile: DEMO_USER.mobile, eventCode: 'DEMO' } })
        .then((r) => r.json().msgId as string)
    const same = await Promise.all(Array.from({ length: 10 }, (_, i) => one(i % 2 ? a : b, OWNER_IP)))
    expect(count(same, '')).toBe(1)
    expect(count(same, 'ECODE1001')).toBe(9)
    // each requester has its own countdown; the code they all get is the one already sent, so no
    // send replaces the code the owner is typing (on the other instance's outbox as well)
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => one(i % 2 ? a : b, bot(i))))
    expect(count(many, '')).toBe(10)
    const codes = new Set([...a.outbox!.list(DEMO_USER.mobile), ...b.outbox!.list(DEMO_USER.mobile)].map((m) => m.code))
    expect(codes.size).toBe(1)
  })
})
