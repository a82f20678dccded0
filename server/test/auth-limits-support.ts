/**
 * Set-up and helpers of the login-limit tests through the API (auth-limits-*.test.ts), which
 * together cover the password throttle per account and address and the bounded password hashing,
 * code limits per normalised address, limits shared by instances, logout and the session cap.
 * The numbers come from AUTH_RULES and are walked at their edges with the fixed clock.
 *
 * Under scripts/pg-test.sh the parallel tests run on real PostgreSQL connections (a pool per
 * app): they fail if a row lock, the re-check after the hash or an atomic upsert is removed.
 */
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { DEMO_USER } from '../src/seed'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { lastCode, setup, type TestContext } from './helper'

export let t: TestContext

/** one app for the file, its database and clock reset before each test */
export function useAuthLimitsApp(): void {
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => t.reset())
}

export const P = AUTH_RULES.password
export const C = AUTH_RULES.codes
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE

export const OWNER_IP = '198.51.100.7'
export const ATTACKER_IP = '203.0.113.66'

/** a password login of the demo attendee (or another user name) from an address */
export const account = (password: string, ip: string, o: { userName?: string; lang?: string; eventCode?: string } = {}) =>
  t.post(
    guestLogin.path,
    { loginType: 'account', eventCode: o.eventCode ?? 'DEMO', userName: o.userName ?? DEMO_USER.userName, password },
    { ip, lang: o.lang },
  )
export const msgIds = (rs: Array<{ body: { msgId: string } }>) => rs.map((r) => r.body.msgId)
export const count = (ids: string[], id: string) => ids.filter((x) => x === id).length
/** the i-th address of a botnet */
export const bot = (i: number) => `192.0.2.${i + 1}`

/** a code sent to the mobile number and a login with it */
export async function codeLogin(mobile = DEMO_USER.mobile) {
  expect((await t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })).body.msgId).toBe('')
  return t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code: lastCode(t.app, mobile) })
}
