/**
 * The password throttle under true concurrency. verifyPassword is wrapped so that N parallel
 * logins finish their hash at the same moment (a barrier) and their short transactions all start
 * together: without the barrier the hash slots space them ~60 ms apart and they would hardly
 * overlap. Under scripts/pg-test.sh they then race on real PostgreSQL connections, and these
 * tests fail if the throttle rows are not locked or the lock is not checked again after the hash
 * (both checked). On PGlite (one connection) they pass trivially.
 */
import { guestLogin } from '@contracts/calls/auth'
import { DEMO_USER } from '../src/seed'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { setup, type TestContext } from './helper'

/** a barrier the wrapped verifyPassword waits at once `expected` is set */
const mockBarrier = {
  expected: 0,
  arrived: 0,
  open: null as null | (() => void),
  gate: Promise.resolve(),
  arm(n: number) {
    this.expected = n
    this.arrived = 0
    this.gate = new Promise<void>((r) => (this.open = r))
  },
  async arrive() {
    if (!this.expected) return
    if (++this.arrived === this.expected) this.open!()
    await this.gate
  },
}

jest.mock('../src/auth/rules/passwords', () => {
  const actual = jest.requireActual('../src/auth/rules/passwords')
  return {
    ...actual,
    verifyPassword: async (...args: unknown[]) => {
      const ok = await actual.verifyPassword(...args)
      await mockBarrier.arrive()
      return ok
    },
  }
})

const P = AUTH_RULES.password
const N = 12

let t: TestContext
beforeAll(async () => {
  // every parallel login must get a hash slot, or the barrier would wait for ever
  t = await setup({ config: { passwordHashConcurrency: N, passwordHashQueue: N } })
})
afterAll(async () => t?.close())
beforeEach(async () => {
  mockBarrier.expected = 0
  await t.reset()
})

const account = (password: string, ip: string) =>
  t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password }, { ip }).then((r) => r.body.msgId)
const count = (ids: string[], id: string) => ids.filter((x) => x === id).length

async function together(n: number, f: (i: number) => Promise<string>): Promise<string[]> {
  mockBarrier.arm(n)
  const ids = await Promise.all(Array.from({ length: n }, (_, i) => f(i)))
  mockBarrier.expected = 0
  return ids
}

it('parallel wrong passwords from one address: exactly pairMaxFailures are counted, the rest are refused', async () => {
  // the rows exist already: their creation does not serialise the racers
  expect(await account('guess', '203.0.113.66')).toBe('ELOG1005')
  const ids = await together(N, () => account('guess', '203.0.113.66'))
  expect(count(ids, 'ELOG1005')).toBe(P.pairMaxFailures - 2)
  expect(count(ids, 'ELOG1006')).toBe(N - (P.pairMaxFailures - 2))
})

it('parallel wrong passwords from many addresses past the free failures: one is counted, the rest wait', async () => {
  for (let i = 0; i < P.accountFreeFailures; i++) expect(await account('guess', `192.0.2.${i + 1}`)).toBe('ELOG1005')
  const ids = await together(N, (i) => account('guess', `198.51.100.${i + 1}`))
  expect(count(ids, 'ELOG1005')).toBe(1)
  expect(count(ids, 'ELOG1011')).toBe(N - 1)
})

it('parallel right passwords from many addresses all get in (the lock serialises, it does not refuse)', async () => {
  const ids = await together(N, (i) => account(DEMO_USER.password, `198.51.100.${i + 1}`))
  expect(ids).toEqual(Array(N).fill(''))
})
