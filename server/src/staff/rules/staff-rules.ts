/**
 * Every number of the staff rules, in one table (docs/console.md says why each is what it is);
 * server/test/staff-rules.test.ts walks each at its edges with a fixed clock. Wrong passwords are
 * counted by the attendees' password throttle (auth/rules/password-throttle.ts, its numbers in
 * AUTH_RULES.password) under a key of the staff's own (staff/rules/accounts.ts throttleKey).
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export const STAFF_RULES = {
  sessions: {
    /** a console session ends this long after login, whatever happens … */
    maxAgeMs: 12 * HOUR,
    /** … or this long after its last call: a console left open on a shared desk closes itself */
    idleMs: 2 * HOUR,
    /** live sessions per staff member: the next login ends the oldest */
    maxLive: 5,
  },
  passwords: {
    /** a new password has at least this many characters, with letters and digits */
    minLength: 10,
    maxLength: 128,
  },
  totp: {
    /** seconds per code (RFC 6238's default, what every authenticator app uses) */
    periodSeconds: 30,
    /** codes one step before or after now are accepted too: a phone's clock a little off, a code typed as it turns */
    toleranceSteps: 1,
    digits: 6,
    /** the name an authenticator app lists the account under */
    issuer: 'Conference console',
  },
  audit: {
    maxPageSize: 100,
  },
} as const
