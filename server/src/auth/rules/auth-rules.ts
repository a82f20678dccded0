/**
 * Every number of the login rules, in one table: codes, passwords, sessions and the per-address
 * request limits. The pure functions of domain/ read it; server/test/auth-rules.test.ts walks
 * each number at its edges with a fixed clock. Change a rule here and nowhere else.
 */
import { RESEND_SECONDS } from '@contracts/validation'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export const AUTH_RULES = {
  codes: {
    /** a code is good for this long after it is sent */
    ttlMs: 10 * MINUTE,
    /** wrong answers that kill a code (the last one answers ELOG1003) */
    maxAttempts: 5,
    /** wait between two sends to one normalised address (the client's countdown, contracts/validation.ts) */
    resendMs: RESEND_SECONDS * SECOND,
    /** codes per normalised address per Shanghai calendar day (ECODE1002) */
    perAddressPerDay: 10,
    /** codes per normalised address for one event per clock hour (ECODE1004) */
    perAddressPerEventPerHour: 5,
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
  },
  sessions: {
    /** live sessions per person per event: the next login revokes the oldest */
    maxLivePerUserEvent: 10,
  },
  /** gentle limits per client address (IPv6: per /64), fixed one-minute windows, over it → ESYS0003 */
  requests: {
    pageViewPerMinute: 120,
    sendCodePerMinute: 20,
    loginPerMinute: 60,
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
