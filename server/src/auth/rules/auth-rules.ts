/**
 * Every number of the login rules, in one table: codes, passwords, sessions and the per-address
 * request limits (docs/limits.md says why each is what it is). The pure functions of domain/ read it; server/test/auth-rules.test.ts walks
 * each number at its edges with a fixed clock. Change a rule here and nowhere else.
 */
import { RESEND_SECONDS } from '@contracts/validation'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const AUTH_RULES = {
  codes: {
    /** a code is good for this long after it is first sent */
    ttlMs: 10 * MINUTE,
    /** wrong answers one requester (client address) may give one code; the last answers ELOG1003, to that requester only */
    maxAttempts: 5,
    /** wrong answers from every requester together that kill the code (each guess has 1 in a million) */
    maxAttemptsPerCode: 10,
    /** wait between two sends to one normalised address from one requester (the client's countdown, contracts/validation.ts) */
    resendMs: RESEND_SECONDS * SECOND,
    /** codes per normalised address from one requester per Shanghai calendar day (ECODE1002) */
    perAddressPerDay: 10,
    /** codes per normalised address from one requester for one event per clock hour (ECODE1004) */
    perAddressPerEventPerHour: 5,
    /** codes per normalised address per Shanghai day from every requester it does not know together (ECODE1002) */
    perAddressPerDayStrangers: 20,
    /** a requester is known to a normalised address this long after a code login with it from there */
    knownRequesterMs: 30 * DAY,
    /** a send while the current code has at least this left sends that code again instead of a new one */
    reuseMinLeftMs: 5 * MINUTE,
  },
  password: {
    /** one user name from one client address: this many wrong passwords within the window … */
    pairMaxFailures: 5,
    pairWindowMs: 15 * MINUTE,
    /** … lock that user name for that address only, this long (ELOG1006); other addresses go on */
    pairLockMs: 15 * MINUTE,
    /** one user name from every address together: this many wrong passwords within the window are free … */
    accountFreeFailures: 10,
    accountWindowMs: HOUR,
    /** … after that each further try waits, from the last failure, a delay that doubles from the first … */
    accountFirstDelayMs: 2 * SECOND,
    /** … up to this (ELOG1011 "wait N seconds"): the account slows down, it is never locked */
    accountMaxDelayMs: MINUTE,
    /** an address the account logged in from is spared the account's delay (not the pair lock) this long after */
    knownAddressMs: 30 * DAY,
  },
  sessions: {
    /** live sessions per person per event: the next login revokes the oldest */
    maxLivePerUserEvent: 10,
  },
  /**
   * per client address (IPv6: per /64), fixed one-minute windows, over it → ESYS0003. Sized for a
   * venue's Wi-Fi, where every attendee shares one address: 2,000 attendees arriving within 10
   * minutes are 200 a minute, the peak minute about three times that; logins allow for typos and
   * retries. The limits per person (codes, password throttle) are what hold an abuser.
   */
  requests: {
    pageViewPerMinute: 1200,
    sendCodePerMinute: 600,
    loginPerMinute: 900,
  },
  /** password hashes running at once (the default; PASSWORD_HASH_CONCURRENCY) … */
  hashConcurrency: 2,
  /** … and callers waiting for one; one more answers ESYS0003 (PASSWORD_HASH_QUEUE) */
  hashQueue: 32,
  /** CPU priority of the hash threads (Linux nice, 0 normal … 19 lowest): other calls go first */
  hashNice: 10,
} as const

/** the request limits, overridable per app (tests, bench) */
export type RateLimits = { -readonly [K in keyof typeof AUTH_RULES.requests]: number }
