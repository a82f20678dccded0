/** The numbers of the staff rules at their edges (staff/rules/staff-rules.ts), with fixed clocks. */
import { STAFF_RULES } from '../src/staff/rules/staff-rules'
import { normalUserName, passwordIsStrong, throttleKey, USER_NAME } from '../src/staff/rules/accounts'
import { sessionExpiry, sessionState } from '../src/staff/rules/sessions'
import { matchTotp, newTotpSecret, openSecret, sealSecret, totpCode, totpStep } from '../src/staff/rules/totp'
import { changedFields } from '../src/audit/rules/changes'

const T0 = new Date('2030-03-01T04:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

describe('passwords', () => {
  const min = STAFF_RULES.passwords.minLength
  it.each([
    ['a'.repeat(min - 2) + '12', true],
    ['a'.repeat(min - 3) + '12', false],
    ['密'.repeat(min - 1) + '1', true],
    ['a'.repeat(min + 5), false],
    ['1'.repeat(min + 5), false],
    ['a1'.repeat(STAFF_RULES.passwords.maxLength / 2), true],
    ['a1'.repeat(STAFF_RULES.passwords.maxLength / 2) + 'a', false],
  ])('%j strong: %s', (pw, strong) => expect(passwordIsStrong(pw)).toBe(strong))
})

describe('user names', () => {
  it.each([
    ['abc', true],
    ['ab', false],
    ['a'.repeat(32), true],
    ['a'.repeat(33), false],
    ['wang.li-2_x', true],
    ['Wang', false],
    ['wang li', false],
  ])('%j fits: %s', (name, fits) => expect(USER_NAME.test(name)).toBe(fits))

  it('a staff throttle key never equals an attendee one (attendee keys are trimmed)', () => {
    expect(throttleKey(' Admin ')).toBe(' staff:admin')
    expect(throttleKey('admin')).not.toBe(normalUserName(' staff:admin'))
  })
})

describe('sessions', () => {
  const { maxAgeMs, idleMs } = STAFF_RULES.sessions
  const live = (lastSeenMs: number, nowMs: number) => sessionState({ expiresAt: sessionExpiry(T0), lastSeenAt: at(lastSeenMs), revokedAt: null }, at(nowMs))
  it('ends at its maximum age, to the millisecond', () => {
    expect(live(maxAgeMs - 1000, maxAgeMs - 1)).toBe('live')
    expect(live(maxAgeMs - 1000, maxAgeMs)).toBe('expired')
  })
  it('ends when idle for its idle time, to the millisecond', () => {
    expect(live(0, idleMs - 1)).toBe('live')
    expect(live(0, idleMs)).toBe('expired')
  })
  it('a revoked session is revoked whatever its times', () => {
    expect(sessionState({ expiresAt: sessionExpiry(T0), lastSeenAt: T0, revokedAt: T0 }, T0)).toBe('revoked')
  })
})

describe('authenticator codes', () => {
  const secret = newTotpSecret()
  const period = STAFF_RULES.totp.periodSeconds * 1000
  const tolerance = STAFF_RULES.totp.toleranceSteps
  // the start of a step, so "one step later" is exact
  const start = new Date(totpStep(T0) * period)

  it(`accepts the codes of ${tolerance} step(s) either side of now, not further`, () => {
    for (let d = -tolerance; d <= tolerance; d++)
      expect(matchTotp(secret, totpCode(secret, new Date(start.getTime() + d * period)), start, null)).toBe(totpStep(start) + d)
    expect(matchTotp(secret, totpCode(secret, new Date(start.getTime() - (tolerance + 1) * period)), start, null)).toBeNull()
    expect(matchTotp(secret, totpCode(secret, new Date(start.getTime() + (tolerance + 1) * period)), start, null)).toBeNull()
  })

  it('refuses a code of a step already used, and of any step before it', () => {
    const code = totpCode(secret, start)
    expect(matchTotp(secret, code, start, totpStep(start) - 1)).toBe(totpStep(start))
    expect(matchTotp(secret, code, start, totpStep(start))).toBeNull()
  })

  it('refuses what is not six digits', () => {
    expect(matchTotp(secret, '12345', start, null)).toBeNull()
    expect(matchTotp(secret, 'abcdef', start, null)).toBeNull()
  })

  it('a sealed secret opens with its server secret only', () => {
    const sealed = sealSecret('server-secret', secret)
    expect(sealed).not.toContain(secret)
    expect(openSecret('server-secret', sealed)).toBe(secret)
    expect(openSecret('another-secret', sealed)).toBeNull()
    expect(openSecret('server-secret', 'garbage')).toBeNull()
  })
})

describe('audit changes', () => {
  it('keeps only the fields that differ, each side its own value', () => {
    expect(changedFields({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], c: 'y' })).toEqual({ before: { b: [1, 2], c: 'x' }, after: { b: [1, 3], c: 'y' } })
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull()
    expect(changedFields({}, { a: 1 })).toEqual({ before: { a: null }, after: { a: 1 } })
  })
})
