/**
 * The login limits through the API: the password throttle per account and address,
 * code limits per normalised address, limits shared by instances, logout and the session cap.
 * The numbers come from AUTH_RULES and are walked at their edges with the fixed clock.
 *
 * Under scripts/pg-test.sh the parallel tests run on real PostgreSQL connections (a pool per
 * app): they fail if a row lock, the re-check after the hash or an atomic upsert is removed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { getUser, guestLogin, logout, sendLoginCode } from '@contracts/calls/auth'
import { MESSAGES, messageText } from '@contracts/messages'
import { sessions } from '../src/kernel/db/schema'
import { COLLEAGUE_USER, DEMO_EVENT, DEMO_USER, LOCKED_EVENT, PAST_EVENT } from '../src/seed'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { findEventByCode } from '../src/events/repositories/events'
import { createSession } from '../src/auth/sessions'
import { lastCode, setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const P = AUTH_RULES.password
const C = AUTH_RULES.codes
const MINUTE = 60_000
const HOUR = 60 * MINUTE

const OWNER_IP = '198.51.100.7'
const ATTACKER_IP = '203.0.113.66'

const account = (password: string, ip: string, o: { userName?: string; lang?: string; eventCode?: string } = {}) =>
  t.post(
    guestLogin.path,
    { loginType: 'account', eventCode: o.eventCode ?? 'DEMO', userName: o.userName ?? DEMO_USER.userName, password },
    { ip, lang: o.lang },
  )
const msgIds = (rs: Array<{ body: { msgId: string } }>) => rs.map((r) => r.body.msgId)
const count = (ids: string[], id: string) => ids.filter((x) => x === id).length
/** the i-th address of a botnet */
const bot = (i: number) => `192.0.2.${i + 1}`

async function codeLogin(mobile = DEMO_USER.mobile) {
  expect((await t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })).body.msgId).toBe('')
  return t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code: lastCode(t.app, mobile) })
}

describe('password throttle per account and address', () => {
  it("another address's failures do not stop the owner", async () => {
    for (let i = 1; i < P.pairMaxFailures; i++) expect((await account('guess' + i, ATTACKER_IP)).body.msgId).toBe('ELOG1005')
    const locked = await account('guess', ATTACKER_IP, { lang: 'en' })
    expect(locked.body).toMatchObject({ msgId: 'ELOG1006', msgText: messageText('ELOG1006', 'en', { minutes: P.pairLockMs / MINUTE }) })
    // the attacker's address stays locked, even with the right password …
    expect((await account(DEMO_USER.password, ATTACKER_IP)).body.msgId).toBe('ELOG1006')
    // … while the owner, elsewhere, logs in
    const owner = await account(DEMO_USER.password, OWNER_IP)
    expect(owner.body.msgId).toBe('')
    expect((await t.post(getUser.path, {}, { token: owner.body.data.token })).body.data.userName).toBe('demo')
    // and code login was never affected
    expect((await codeLogin()).body.msgId).toBe('')
  })

  it('the pair lock ends after pairLockMs: refused 1 ms before, open at the end', async () => {
    for (let i = 0; i < P.pairMaxFailures; i++) await account('guess', ATTACKER_IP)
    t.clock.advance(P.pairLockMs - 1)
    expect((await account(DEMO_USER.password, ATTACKER_IP)).body).toMatchObject({ msgId: 'ELOG1006', msgText: messageText('ELOG1006', 'zh', { minutes: 1 }) })
    t.clock.advance(1)
    expect((await account(DEMO_USER.password, ATTACKER_IP)).body.msgId).toBe('')
  })

  it('failures from many addresses slow the account down (ELOG1011, N seconds) and never lock the owner out', async () => {
    // accountFreeFailures from as many addresses: free
    for (let i = 0; i < P.accountFreeFailures; i++) expect((await account('guess', bot(i))).body.msgId).toBe('ELOG1005')
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    // one more: the next try, from anywhere, waits accountFirstDelayMs
    expect((await account('guess', bot(100))).body.msgId).toBe('ELOG1005')
    const wait = await account(DEMO_USER.password, OWNER_IP, { lang: 'en' })
    expect(wait.body).toMatchObject({ status: 0, msgId: 'ELOG1011', msgText: messageText('ELOG1011', 'en', { seconds: P.accountFirstDelayMs / 1000 }) })
    expect(wait.body.msgText).toContain(`wait ${P.accountFirstDelayMs / 1000} seconds`)
    t.clock.advance(P.accountFirstDelayMs - 1)
    expect((await account(DEMO_USER.password, OWNER_IP)).body).toMatchObject({ msgId: 'ELOG1011', msgText: messageText('ELOG1011', 'zh', { seconds: 1 }) })
    t.clock.advance(1)
    // a refused try is not a failure: after the wait the owner's right password works
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
  })

  it('the delay doubles with each failure up to accountMaxDelayMs, and the owner gets in after it', async () => {
    for (let i = 0; i < P.accountFreeFailures; i++) await account('guess', bot(i))
    let expected = P.accountFirstDelayMs
    for (let i = 0; i < 12; i++) {
      expect((await account('guess', bot(50 + i))).body.msgId).toBe('ELOG1005')
      const r = await account(DEMO_USER.password, OWNER_IP)
      expect(r.body.msgText).toBe(messageText('ELOG1011', 'zh', { seconds: expected / 1000 }))
      t.clock.advance(expected)
      expected = Math.min(P.accountMaxDelayMs, expected * 2)
    }
    expect(expected).toBe(P.accountMaxDelayMs)
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    // code login stayed open all along
    expect((await codeLogin()).body.msgId).toBe('')
  })

  it("the owner's success forgives the owner's typos, not the account's failures", async () => {
    for (let i = 0; i < P.pairMaxFailures - 1; i++) await account('typo', OWNER_IP)
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    for (let i = 0; i < P.pairMaxFailures - 1; i++) expect((await account('typo', OWNER_IP)).body.msgId).toBe('ELOG1005')
    // 8 failures so far; 3 more from elsewhere pass accountFreeFailures (10) though the owner got in between
    for (let i = 0; i < P.accountFreeFailures - 2 * (P.pairMaxFailures - 1) + 1; i++) await account('guess', bot(i))
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('ELOG1011')
  })

  it('a user name that grows when lower-cased (64 × İ → 128 characters) is an unknown name, not a 5xx', async () => {
    const r = await account('guess', ATTACKER_IP, { userName: 'İ'.repeat(64) })
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe('ELOG1005')
  })

  it('user names are throttled apart', async () => {
    for (let i = 0; i < P.pairMaxFailures; i++) await account('guess', ATTACKER_IP)
    expect((await account(COLLEAGUE_USER.password, ATTACKER_IP, { userName: COLLEAGUE_USER.userName })).body.msgId).toBe('')
  })

  it('a refused try costs no hash; an unknown user name costs the same hash as a known one', async () => {
    const run = jest.spyOn(t.app.deps.hashSlots, 'run')
    try {
      await account('guess', ATTACKER_IP)
      await account('guess', ATTACKER_IP, { userName: 'nobody-at-all' })
      expect(run).toHaveBeenCalledTimes(2)
      for (let i = 1; i < P.pairMaxFailures; i++) await account('guess', ATTACKER_IP)
      run.mockClear()
      expect((await account('guess', ATTACKER_IP)).body.msgId).toBe('ELOG1006')
      expect(run).not.toHaveBeenCalled()
    } finally {
      run.mockRestore()
    }
  })
})

describe('password hashing is bounded', () => {
  it('when every hash slot is busy and the queue is full, a login answers ESYS0003 at once; then it works again', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { passwordHashConcurrency: 1, passwordHashQueue: 1 } })
    let release!: () => void
    const busy = new Promise<void>((r) => (release = r))
    const running = app.deps.hashSlots.run(() => busy)
    const queued = app.deps.hashSlots.run(async () => undefined)
    const login = () =>
      app.inject({ method: 'POST', url: guestLogin.path, payload: { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password } })
    const r = await login()
    expect(r.statusCode).toBe(200)
    expect(r.json()).toMatchObject({ status: 0, msgId: 'ESYS0003', msgText: MESSAGES.ESYS0003.zh })
    release()
    await Promise.all([running, queued])
    expect((await login()).json().msgId).toBe('')
  })

  it('the hash runs outside any transaction: other calls are answered while hashes wait for a slot', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { passwordHashConcurrency: 1, passwordHashQueue: 5 } })
    let release!: () => void
    const busy = new Promise<void>((r) => (release = r))
    const running = app.deps.hashSlots.run(() => busy)
    const logins = Array.from({ length: 3 }, () =>
      app.inject({
        method: 'POST',
        url: guestLogin.path,
        payload: { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password },
      }),
    )
    // the logins wait for the slot, holding no transaction: the database (PGlite: its one
    // connection) still answers
    for (let i = 0; i < 500 && app.deps.hashSlots.load.waiting < 3; i++) await new Promise((r) => setTimeout(r, 10))
    const other = await app.inject({ method: 'POST', url: '/api/biz/cmsEventInfo/getEventByHash', payload: { eventHashCode: DEMO_EVENT.eventHashCode } })
    expect(other.json().status).toBe(200)
    expect(app.deps.hashSlots.load.waiting).toBe(3)
    release()
    await running
    expect((await Promise.all(logins)).map((r) => r.json().msgId)).toEqual(['', '', ''])
  })
})

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
    ;(t.app.deps.sender as unknown as { failNext(): void }).failNext()
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

describe('logout and the session cap', () => {
  const login = async (eventCode = 'DEMO') => {
    const r = await account(DEMO_USER.password, OWNER_IP, { eventCode })
    expect(r.body.msgId).toBe('')
    return r.body.data.token as string
  }
  /** the demo attendee's sessions not revoked, at DEMO (or another event) */
  const live = async (eventCode = 'DEMO') => {
    const event = (await findEventByCode(t.db.db, eventCode))!
    const where = and(isNull(sessions.revokedAt), eq(sessions.userId, 1), eq(sessions.eventId, event.id))
    return (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(where)
    )[0].n
  }

  it('logout revokes the token on the server; other sessions go on', async () => {
    const mine = await login()
    const other = await login()
    const r = await t.post(logout.path, {}, { token: mine })
    expect(r.body).toEqual({ status: 200, msgId: '', msgText: '', data: null })
    expect((await t.post(getUser.path, {}, { token: mine })).body.msgId).toBe('EAUT0005')
    expect((await t.post(logout.path, {}, { token: mine })).body.msgId).toBe('EAUT0005')
    expect((await t.post(getUser.path, {}, { token: other })).body.status).toBe(200)
  })

  it('logout needs a token (EAUT0003), and is seen by every instance', async () => {
    expect((await t.post(logout.path, {})).body.msgId).toBe('EAUT0003')
    const token = await login()
    const b = await t.buildApp({ prepareDb: false })
    await b.inject({ method: 'POST', url: logout.path, headers: { authorization: token }, payload: {} })
    expect((await t.post(getUser.path, {}, { token })).body.msgId).toBe('EAUT0005')
  })

  it(`${AUTH_RULES.sessions.maxLivePerUserEvent} live sessions per person and event: the next login revokes the oldest`, async () => {
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    const tokens: string[] = []
    for (let i = 0; i < max; i++) {
      tokens.push(await login())
      t.clock.advance(1000)
    }
    expect(await live()).toBe(max)
    for (const token of tokens) expect((await t.post(getUser.path, {}, { token })).body.status).toBe(200)
    tokens.push(await login())
    expect(await live()).toBe(max)
    expect((await t.post(getUser.path, {}, { token: tokens[0] })).body.msgId).toBe('EAUT0005')
    for (const token of tokens.slice(1)) expect((await t.post(getUser.path, {}, { token })).body.status).toBe(200)
    // another event's sessions are counted apart
    await login(PAST_EVENT.eventCode)
    await login(PAST_EVENT.eventCode)
    expect(await live(PAST_EVENT.eventCode)).toBe(2)
    expect(await live()).toBe(max)
  })

  it('expired sessions do not count towards the cap', async () => {
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    for (let i = 0; i < max; i++) await login()
    t.clock.advance(72 * HOUR)
    const fresh = await login()
    expect((await t.post(getUser.path, {}, { token: fresh })).body.status).toBe(200)
    // none of the expired ones was revoked: they stay "expired" (EAUT0004), not "invalid"
    expect((await t.db.db.select().from(sessions).where(isNull(sessions.revokedAt))).length).toBe(max + 1)
  })

  it('parallel logins of one person never leave more than the cap alive', async () => {
    const event = (await findEventByCode(t.db.db, 'DEMO'))!
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    await Promise.all(
      Array.from({ length: max + 6 }, () =>
        t.db.db.transaction((tx) => createSession(tx, t.app.deps, { userId: 1, eventId: event.id, now: t.clock.now(), ttlHours: 72 })),
      ),
    )
    expect(await live()).toBe(max)
  })
})
