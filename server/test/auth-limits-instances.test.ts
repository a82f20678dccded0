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

  it('parallel code requests for one number on both instances: exactly one code', async () => {
    // from as many addresses, so that the per-address request limit is not what refuses them
    const one = (app: FastifyInstance, i: number) =>
      app
        .inject({ method: 'POST', url: sendLoginCode.path, remoteAddress: bot(i), payload: { channel: 'sms', mobile: DEMO_USER.mobile, eventCode: 'DEMO' } })
        .then((r) => r.json().msgId as string)
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => one(i % 2 ? a : b, i)))
    expect(count(rs, '')).toBe(1)
    expect(count(rs, 'ECODE1001')).toBe(9)
  })
})
