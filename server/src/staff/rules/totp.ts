/**
 * Authenticator codes (RFC 6238 TOTP through otplib) and the secret's sealing: the secret is kept
 * encrypted with a key derived from the server secret (CODE_HASH_SECRET), so a copy of the table
 * alone cannot mint codes.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib'
import { STAFF_RULES } from './staff-rules'

const R = STAFF_RULES.totp

export const newTotpSecret = (): string => generateSecret()

export const totpUri = (secret: string, userName: string): string =>
  generateURI({ issuer: R.issuer, label: userName, secret, period: R.periodSeconds, digits: R.digits })

/** the time step of a moment */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / R.periodSeconds)

/** the code of a secret at a moment (tests, and the demo's printed hint) */
export const totpCode = (secret: string, now: Date): string =>
  generateSync({ secret, epoch: Math.floor(now.getTime() / 1000), period: R.periodSeconds, digits: R.digits })

/**
 * The time step the code belongs to, or null: wrong, outside the tolerance, or not after
 * `lastStep` (each code is good once, and so is every code before it).
 */
export function matchTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const epoch = Math.floor(now.getTime() / 1000)
  const tolerance = R.toleranceSteps * R.periodSeconds
  const result = verifySync({
    secret,
    token: code,
    epoch,
    period: R.periodSeconds,
    digits: R.digits,
    epochTolerance: tolerance,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  })
  if (!result.valid) return null
  return 'timeStep' in result ? (result.timeStep as number) : totpStep(now) + result.delta
}

const sealKey = (serverSecret: string): Buffer => createHmac('sha256', serverSecret).update('staff-totp-seal').digest()

export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** the secret, or null when it does not open (another server secret) */
export function openSecret(serverSecret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64')
    const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
