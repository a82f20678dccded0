/**
 * Every number of auth/rules/auth-rules.ts at its edges, with a fixed clock: the pure rules here, the
 * ones counted in the database in auth-limits-*.test.ts. Tests read the numbers from the table, so
 * they follow a change of rule; the edges are one millisecond (or one try) either side.
 */
import { MESSAGES, messageText } from '@contracts/messages'
import { addressKey, limitKey, normaliseEmail } from '../src/auth/rules/addresses'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { CLEAR, accountDelayMs, accountWaitMs, afterFailure, forgetAfter, pairIsClear, refusal, type ThrottleState } from '../src/auth/rules/password-throttle'
import { fixedWindow, shanghaiDayWindow } from '../src/kernel/time/time'
import { Semaphore, SemaphoreFull } from '../src/kernel/cache/semaphore'

const P = AUTH_RULES.password
const t0 = new Date('2026-05-01T04:00:00Z') // 12:00 in Shanghai
const at = (ms: number) => new Date(t0.getTime() + ms)

/** `n` wrong passwords, `gapMs` apart, from t0; the last state of both rows and the last answer */
function failures(n: number, gapMs = 0, from: { pair?: ThrottleState; account?: ThrottleState } = {}) {
  let pair = from.pair ?? null
  let account = from.account ?? null
  let answer = null as ReturnType<typeof afterFailure>['answer'] | null
  for (let i = 0; i < n; i++) {
    const r = afterFailure(pair, account, at(i * gapMs))
    pair = r.pair
    account = r.account
    answer = r.answer
  }
  return { pair: pair!, account: account!, answer: answer! }
}

describe('the rules table', () => {
  it('holds the numbers the README and the messages state', () => {
    expect(AUTH_RULES).toMatchObject({
      codes: {
        ttlMs: 600_000,
        maxAttempts: 5,
        maxAttemptsPerCode: 10,
        resendMs: 60_000,
        perAddressPerDay: 10,
        perAddressPerEventPerHour: 5,
        perAddressPerDayStrangers: 20,
        knownRequesterMs: 30 * 86_400_000,
        reuseMinLeftMs: 300_000,
      },
      password: {
        pairMaxFailures: 5,
        pairWindowMs: 900_000,
        pairLockMs: 900_000,
        accountFreeFailures: 10,
        accountWindowMs: 3_600_000,
        accountFirstDelayMs: 2_000,
        accountMaxDelayMs: 60_000,
        knownAddressMs: 30 * 86_400_000,
      },
      sessions: { maxLivePerUserEvent: 10 },
      requests: { pageViewPerMinute: 1200, sendCodePerMinute: 600, loginPerMinute: 900 },
      hashConcurrency: 2,
      hashQueue: 32,
      hashNice: 10,
    })
  })
})

describe('password: one user name from one address (the pair)', () => {
  it(`the ${P.pairMaxFailures - 1}th wrong password answers ELOG1005, the ${P.pairMaxFailures}th locks (ELOG1006, in minutes)`, () => {
    expect(failures(P.pairMaxFailures - 1).answer).toEqual({ msgId: 'ELOG1005' })
    const locked = failures(P.pairMaxFailures)
    expect(locked.answer).toEqual({ msgId: 'ELOG1006', params: { minutes: P.pairLockMs / 60_000 } })
    expect(locked.pair.lockedUntil).toEqual(at(P.pairLockMs))
  })

  it('the lock lasts pairLockMs: refused 1 ms before its end, open at its end', () => {
    const { pair, account } = failures(P.pairMaxFailures)
    expect(refusal(pair, account, at(P.pairLockMs - 1))).toEqual({ msgId: 'ELOG1006', params: { minutes: 1 } })
    expect(refusal(pair, account, at(P.pairLockMs - 60_001))).toEqual({ msgId: 'ELOG1006', params: { minutes: 2 } })
    expect(refusal(pair, account, at(P.pairLockMs))).toBeNull()
  })

  it('failures count within pairWindowMs of the first: 1 ms before its end they lock, at its end they start again', () => {
    const four = failures(P.pairMaxFailures - 1)
    expect(afterFailure(four.pair, four.account, at(P.pairWindowMs - 1)).answer.msgId).toBe('ELOG1006')
    const fresh = afterFailure(four.pair, four.account, at(P.pairWindowMs))
    expect(fresh.answer.msgId).toBe('ELOG1005')
    expect(fresh.pair).toMatchObject({ failures: 1, windowStart: at(P.pairWindowMs) })
  })

  it('a clean pair needs no write on success; one with failures or a lock does', () => {
    expect(pairIsClear(undefined)).toBe(true)
    expect(pairIsClear(CLEAR)).toBe(true)
    expect(pairIsClear(failures(1).pair)).toBe(false)
    expect(pairIsClear({ ...CLEAR, lockedUntil: at(1) })).toBe(false)
  })
})

describe('password: one user name from every address (the account)', () => {
  const F = P.accountFreeFailures

  it(`${F} failures cost nothing; the ${F + 1}th makes the next try wait accountFirstDelayMs, then the delay doubles up to accountMaxDelayMs`, () => {
    expect(accountDelayMs(0)).toBe(0)
    expect(accountDelayMs(F)).toBe(0)
    expect(accountDelayMs(F + 1)).toBe(P.accountFirstDelayMs)
    expect(accountDelayMs(F + 2)).toBe(2 * P.accountFirstDelayMs)
    expect(accountDelayMs(F + 3)).toBe(4 * P.accountFirstDelayMs)
    // the first delay that would pass the cap is the cap, and so are all after it
    let k = 1
    while (P.accountFirstDelayMs * 2 ** k < P.accountMaxDelayMs) k++
    expect(accountDelayMs(F + k)).toBe(P.accountFirstDelayMs * 2 ** (k - 1))
    expect(accountDelayMs(F + k + 1)).toBe(P.accountMaxDelayMs)
    expect(accountDelayMs(F + 10_000)).toBe(P.accountMaxDelayMs)
  })

  it('the wait runs from the last failure: ELOG1011 with the seconds 1 ms before its end, nothing at its end', () => {
    // each failure from a new address: no pair ever locks
    let account: ThrottleState | null = null
    for (let i = 0; i < F; i++) account = afterFailure(null, account, t0).account
    expect(accountWaitMs(account, t0)).toBe(0)
    expect(refusal(null, account, t0)).toBeNull()
    account = afterFailure(null, account, t0).account
    expect(refusal(null, account, t0)).toEqual({ msgId: 'ELOG1011', params: { seconds: P.accountFirstDelayMs / 1000 } })
    expect(refusal(null, account, at(P.accountFirstDelayMs - 1))).toEqual({ msgId: 'ELOG1011', params: { seconds: 1 } })
    expect(refusal(null, account, at(P.accountFirstDelayMs))).toBeNull()
  })

  it("an address the account logged in from is spared the account's wait, not the pair lock", () => {
    let account: ThrottleState | null = null
    for (let i = 0; i <= F; i++) account = afterFailure(null, account, t0).account
    expect(refusal(null, account, t0, false)?.msgId).toBe('ELOG1011')
    expect(refusal(null, account, t0, true)).toBeNull()
    expect(refusal(failures(P.pairMaxFailures).pair, account, t0, true)?.msgId).toBe('ELOG1006')
  })

  it('a failure answers ELOG1005 (the wait is told to the next try), and the pair lock is told before the account wait', () => {
    let account: ThrottleState | null = null
    for (let i = 0; i < F + 3; i++) account = afterFailure(null, account, t0).account
    expect(afterFailure(null, account, t0).answer).toEqual({ msgId: 'ELOG1005' })
    const lockedPair = failures(P.pairMaxFailures).pair
    expect(refusal(lockedPair, account, t0)?.msgId).toBe('ELOG1006')
  })

  it('failures count within accountWindowMs of the first: 1 ms before its end they add up, at its end they start again', () => {
    let account: ThrottleState | null = null
    for (let i = 0; i < F; i++) account = afterFailure(null, account, t0).account
    expect(afterFailure(null, account, at(P.accountWindowMs - 1)).account.failures).toBe(F + 1)
    const fresh = afterFailure(null, account, at(P.accountWindowMs)).account
    expect(fresh).toMatchObject({ failures: 1, windowStart: at(P.accountWindowMs) })
    expect(accountWaitMs(fresh, at(P.accountWindowMs))).toBe(0)
  })

  it('rows are forgotten once nothing they hold changes an answer', () => {
    const locked = failures(P.pairMaxFailures)
    expect(forgetAfter('pair', locked.pair, t0)).toEqual(at(P.pairLockMs))
    expect(forgetAfter('pair', failures(1).pair, t0)).toEqual(at(P.pairWindowMs))
    expect(forgetAfter('account', failures(1).account, t0)).toEqual(at(P.accountWindowMs))
    expect(forgetAfter('pair', CLEAR, t0)).toEqual(t0)
    // a wait that ends after the window: kept until the wait is over
    const late: ThrottleState = { failures: F + 20, windowStart: t0, lockedUntil: null, lastFailureAt: at(P.accountWindowMs - 1) }
    expect(forgetAfter('account', late, t0)).toEqual(at(P.accountWindowMs - 1 + P.accountMaxDelayMs))
  })
})

describe('addresses for limits', () => {
  it.each([
    ['Lilei@Example.com', 'lilei@example.com'],
    [' lilei+0@example.com ', 'lilei@example.com'],
    ['lilei+a+b@example.com', 'lilei@example.com'],
    ['li.lei@example.com', 'li.lei@example.com'],
    ['li.lei+x@gmail.com', 'lilei@gmail.com'],
    ['L.i.Lei@googlemail.com', 'lilei@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['li-lei@example.com', 'li-lei@example.com'],
  ])('e-mail %j counts as %j', (typed, normal) => {
    expect(normaliseEmail(typed)).toBe(normal)
  })

  it('limit keys: e-mail normalised, mobile as it is', () => {
    expect(limitKey('email', 'LiLei+1@Example.com')).toBe('email:lilei@example.com')
    expect(limitKey('sms', ' 13800138000 ')).toBe('sms:13800138000')
  })

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['', 'unknown'],
  ])('client %j is limited as %j', (ip, key) => {
    expect(addressKey(ip)).toBe(key)
  })

  it('two addresses of one IPv6 /64 are one client; of two /64s, two', () => {
    expect(addressKey('2001:db8:aa:bb::1')).toBe(addressKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'))
    expect(addressKey('2001:db8:aa:bb::1')).not.toBe(addressKey('2001:db8:aa:bc::1'))
  })
})

describe('fixed windows', () => {
  it('a minute or an hour window starts on its boundary and ends 1 ms after its last moment', () => {
    const w = fixedWindow(new Date('2026-05-01T04:59:59.999Z'), 3600_000)
    expect(w).toEqual({ start: new Date('2026-05-01T04:00:00Z'), end: new Date('2026-05-01T05:00:00Z') })
    expect(fixedWindow(new Date('2026-05-01T05:00:00Z'), 3600_000).start).toEqual(new Date('2026-05-01T05:00:00Z'))
  })
  it('the day window is the Shanghai calendar day', () => {
    expect(shanghaiDayWindow(new Date('2026-05-01T15:59:59.999Z'))).toEqual({
      start: new Date('2026-04-30T16:00:00Z'),
      end: new Date('2026-05-01T16:00:00Z'),
    })
    expect(shanghaiDayWindow(new Date('2026-05-01T16:00:00Z')).start).toEqual(new Date('2026-05-01T16:00:00Z'))
  })
})

describe('hash slots (Semaphore)', () => {
  const gate = () => {
    let open!: () => void
    const p = new Promise<void>((r) => (open = r))
    return { p, open }
  }

  it('runs `max` at once, queues `maxQueue`, refuses one more at once; hands slots over in order', async () => {
    const s = new Semaphore(AUTH_RULES.hashConcurrency, 3)
    const g = gate()
    const order: number[] = []
    const tasks = Array.from({ length: AUTH_RULES.hashConcurrency + 3 }, (_, i) =>
      s.run(async () => {
        order.push(i)
        await g.p
        return i
      }),
    )
    await new Promise((r) => setImmediate(r))
    expect(s.load).toEqual({ active: AUTH_RULES.hashConcurrency, waiting: 3 })
    expect(order).toEqual(Array.from({ length: AUTH_RULES.hashConcurrency }, (_, i) => i))
    await expect(s.run(async () => 'late')).rejects.toBeInstanceOf(SemaphoreFull)
    g.open()
    expect(await Promise.all(tasks)).toEqual(tasks.map((_, i) => i))
    expect(order).toEqual(tasks.map((_, i) => i))
    expect(s.load).toEqual({ active: 0, waiting: 0 })
  })

  it('a failing task gives its slot back', async () => {
    const s = new Semaphore(1, 0)
    await expect(s.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await s.run(async () => 'next')).toBe('next')
  })
})

describe('message placeholders', () => {
  it('fill {seconds} and {minutes}, in both languages; a missing value leaves the placeholder', () => {
    expect(messageText('ELOG1011', 'zh', { seconds: 4 })).toBe(MESSAGES.ELOG1011.zh.replace('{seconds}', '4'))
    expect(messageText('ELOG1011', 'en', { seconds: 4 })).toContain('wait 4 seconds')
    expect(messageText('ELOG1006', 'en', { minutes: 15 })).toContain('in 15 minutes')
    expect(messageText('ECODE1004', 'zh', { minutes: 55 })).toContain('55分钟')
    expect(messageText('ELOG1011', 'en')).toContain('{seconds}')
    expect(messageText('ELOG1005', 'en', { seconds: 1 })).toBe(MESSAGES.ELOG1005.en)
  })
})
