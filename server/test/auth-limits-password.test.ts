/**
 * The password limits through the API: the throttle per account and per account and address (the
 * owner never locked out, the lock and the delay at their edges), and password hashing bounded by
 * its slots and queue, outside any transaction. Set-up: auth-limits-support.ts.
 */
import { getUser, guestLogin } from '@contracts/calls/auth'
import { MESSAGES, messageText } from '@contracts/messages'
import { COLLEAGUE_USER, DEMO_EVENT, DEMO_USER } from '../src/seed'
import { ATTACKER_IP, MINUTE, OWNER_IP, P, account, bot, codeLogin, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

/** an address the demo attendee never logged in from */
const NEW_IP = '198.51.100.99'

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
    // the owner on a network it never logged in from waits like everyone (its home address, where it just logged in, does not)
    const wait = await account(DEMO_USER.password, NEW_IP, { lang: 'en' })
    expect(wait.body).toMatchObject({ status: 0, msgId: 'ELOG1011', msgText: messageText('ELOG1011', 'en', { seconds: P.accountFirstDelayMs / 1000 }) })
    expect(wait.body.msgText).toContain(`wait ${P.accountFirstDelayMs / 1000} seconds`)
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    t.clock.advance(P.accountFirstDelayMs - 1)
    expect((await account(DEMO_USER.password, NEW_IP)).body).toMatchObject({ msgId: 'ELOG1011', msgText: messageText('ELOG1011', 'zh', { seconds: 1 }) })
    t.clock.advance(1)
    // a refused try is not a failure: after the wait the owner's right password works
    expect((await account(DEMO_USER.password, NEW_IP)).body.msgId).toBe('')
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
    expect((await account(DEMO_USER.password, NEW_IP)).body.msgId).toBe('ELOG1011')
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

describe('a guesser on rotating addresses does not shut the owner out', () => {
  /**
   * one wrong password every 500 ms, each from a new address, for a minute; the owner, who logged
   * in from home before, tries every 3 s meanwhile
   */
  async function attackWithOwner(ownerIp: string) {
    const guesses: string[] = []
    const owner: string[] = []
    for (let step = 0; step < 120; step++) {
      guesses.push((await account('guess' + step, bot(step))).body.msgId)
      if (step % 6 === 3) owner.push((await account(DEMO_USER.password, ownerIp)).body.msgId)
      t.clock.advance(500)
    }
    return { guesses, owner }
  }

  it('the owner logs in from an address it logged in from before, every time, while the guesser runs', async () => {
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    t.clock.advance(24 * 60 * MINUTE)
    const { guesses, owner } = await attackWithOwner(OWNER_IP)
    expect(owner).toEqual(Array(20).fill(''))
    // the guesser is still slowed down: after the free failures, one checked guess per delay
    const checked = guesses.filter((m) => m === 'ELOG1005').length
    expect(checked).toBeLessThanOrEqual(P.accountFreeFailures + 6)
    expect(guesses.filter((m) => m === 'ELOG1011').length).toBe(120 - checked)
  })

  it('a known address is known for that account only, and not once the memory of it has passed', async () => {
    expect((await account(COLLEAGUE_USER.password, OWNER_IP, { userName: COLLEAGUE_USER.userName })).body.msgId).toBe('')
    for (let i = 0; i <= P.accountFreeFailures; i++) await account('guess', bot(i))
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('ELOG1011')
    // the demo attendee logs in from there once the wait is over: from then on it passes the wait
    t.clock.advance(P.accountFirstDelayMs)
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    await account('guess', bot(50))
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    expect((await account(DEMO_USER.password, ATTACKER_IP)).body.msgId).toBe('ELOG1011')
    // … for P.knownAddressMs after its last login there
    t.clock.advance(P.knownAddressMs)
    for (let i = 0; i <= P.accountFreeFailures; i++) await account('guess', bot(100 + i))
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('ELOG1011')
  })

  it("a known address's own wrong passwords still lock it (the pair), and still count for the account", async () => {
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('')
    for (let i = 1; i < P.pairMaxFailures; i++) expect((await account('typo', OWNER_IP)).body.msgId).toBe('ELOG1005')
    expect((await account('typo', OWNER_IP)).body.msgId).toBe('ELOG1006')
    expect((await account(DEMO_USER.password, OWNER_IP)).body.msgId).toBe('ELOG1006')
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
