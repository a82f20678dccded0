/**
 * The client address behind reverse proxies (TRUST_PROXY): nginx's `$proxy_add_x_forwarded_for`
 * appends the address it saw to whatever X-Forwarded-For the client sent, so only the entries the
 * trusted proxies wrote are believed, read from the right. A client that names its own address on
 * the left gains nothing against the per-address limits. Set-up: auth-limits-support.ts.
 */
import type { FastifyInstance } from 'fastify'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { DEMO_USER } from '../src/seed'
import { loadConfig, ConfigError } from '../src/config'
import { ATTACKER_IP, OWNER_IP, P, bot, count, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

const NGINX = '127.0.0.1'

/** a request as a proxy chain hands it on: the socket is the last proxy, `forwarded` the header it sends */
const via = (app: FastifyInstance, url: string, payload: object, socket: string, forwarded: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: socket, headers: { 'x-forwarded-for': forwarded } }).then((r) => r.json().msgId as string)

describe('the client address behind a trusted proxy', () => {
  const limits = { sendCodePerMinute: 20, loginPerMinute: 60, pageViewPerMinute: 120 }

  it('TRUST_PROXY=true (one proxy that appends): a forged left-most entry does not pass the per-address limit', async () => {
    const app = await t.buildApp({ prepareDb: false, rateLimits: limits, config: { trustProxy: true } })
    const rs: string[] = []
    for (let i = 0; i < limits.sendCodePerMinute + 5; i++) {
      // the client writes a new address of its own each time; nginx appends the one it saw
      const mobile = `1330000${String(i).padStart(4, '0')}`
      rs.push(await via(app, sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' }, NGINX, `${bot(i)}, ${ATTACKER_IP}`))
    }
    expect(count(rs, '')).toBe(limits.sendCodePerMinute)
    expect(count(rs, 'ESYS0003')).toBe(5)
  })

  it('TRUST_PROXY=true: wrong passwords with forged addresses still reach the per-address lock', async () => {
    const app = await t.buildApp({ prepareDb: false, rateLimits: limits, config: { trustProxy: true } })
    const body = (password: string) => ({ loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password })
    const rs: string[] = []
    for (let i = 0; i < P.pairMaxFailures; i++) rs.push(await via(app, guestLogin.path, body('guess'), NGINX, `${bot(i)}, ${ATTACKER_IP}`))
    expect(rs[P.pairMaxFailures - 1]).toBe('ELOG1006')
    // the right password from the locked address is refused too, whatever it writes on the left
    expect(await via(app, guestLogin.path, body(DEMO_USER.password), NGINX, `${bot(99)}, ${ATTACKER_IP}`)).toBe('ELOG1006')
  })

  /**
   * with one code request a minute per address: each request is a [socket, X-Forwarded-For] pair;
   * the answer says whether it counted against the address `seen` (refused) or a fresh one (sent)
   */
  async function answers(trustProxy: boolean | number | string[], requests: Array<[string, string]>): Promise<string[]> {
    const app = await t.buildApp({ prepareDb: false, rateLimits: { ...limits, sendCodePerMinute: 1 }, config: { trustProxy } })
    const rs: string[] = []
    for (const [i, [socket, forwarded]] of requests.entries()) {
      rs.push(await via(app, sendLoginCode.path, { channel: 'sms', mobile: `1330000${String(i).padStart(4, '0')}`, eventCode: 'DEMO' }, socket, forwarded))
    }
    return rs
  }

  it('a hop count: two proxies (a load balancer, then nginx) are skipped from the right, a third entry is the client', async () => {
    const rs = await answers(2, [
      [NGINX, `${bot(1)}, ${ATTACKER_IP}, 10.0.0.2`],
      [NGINX, `${bot(2)}, ${ATTACKER_IP}, 10.0.0.3`],
      [NGINX, `${ATTACKER_IP}, ${bot(3)}, 10.0.0.2`],
    ])
    expect(rs).toEqual(['', 'ESYS0003', ''])
  })

  it('a list of proxy addresses and CIDRs: trusted entries are skipped from the right, the first other one is the client', async () => {
    const list = ['127.0.0.1', '10.0.0.0/8']
    const rs = await answers(list, [
      [NGINX, `${bot(1)}, ${ATTACKER_IP}, 10.1.2.3`],
      [NGINX, `${bot(2)}, ${ATTACKER_IP}`],
      // a client that reaches the server directly (not a listed proxy) is its own address, whatever it says
      [ATTACKER_IP, bot(3)],
      [NGINX, `${ATTACKER_IP}, ${bot(4)}`],
    ])
    expect(rs).toEqual(['', 'ESYS0003', 'ESYS0003', ''])
  })

  it('TRUST_PROXY off: the header is not believed at all (every client is the proxy)', async () => {
    const rs = await answers(false, [
      [NGINX, `${bot(1)}, ${ATTACKER_IP}`],
      [NGINX, `${bot(2)}, ${OWNER_IP}`],
    ])
    expect(rs).toEqual(['', 'ESYS0003'])
  })
})

describe('TRUST_PROXY values', () => {
  const parse = (v: string | undefined) => loadConfig({ TRUST_PROXY: v }).trustProxy

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 127.0.0.1 , 10.0.0.0/8,2001:db8::/32 ', ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('%j means %j', (v, expected) => {
    expect(parse(v)).toEqual(expected)
  })

  it.each(['yes', '-1', '11', '1.5', '10.0.0.0/33', '300.1.1.1', 'nginx.local'])('%j stops the start with a sentence naming the variable', (v) => {
    expect(() => parse(v)).toThrow(ConfigError)
    expect(() => parse(v)).toThrow(/TRUST_PROXY/)
  })
})
