/**
 * Signatures of check-in codes (contracts/checkin.ts): `POINT-SIGNATURE`, the signature an HMAC
 * over the event hash and the point code. Only the server can make one, so a code made up by hand
 * or altered is illegal (ECHK1003), and a code of one event is no code at another.
 *
 * The key is derived from the server's CODE_HASH_SECRET (required in production) with a label of
 * its own, so no new secret has to be configured and the login-code HMAC never shares its key.
 */
import crypto from 'node:crypto'
import { EVENTDAY_RULES } from './eventday-rules'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding */
export function base32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const b of bytes) {
    value = (value << 8) | b
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update('checkin-code-v1').digest()

export function checkinSignature(secret: string, eventHashCode: string, pointCode: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${eventHashCode}\n${pointCode}`).digest()
  return base32(mac).slice(0, EVENTDAY_RULES.checkin.signatureLength)
}

/** the code printed on the point's poster (and inside its QR code's address) */
export function checkinCode(secret: string, eventHashCode: string, pointCode: string): string {
  return `${pointCode}-${checkinSignature(secret, eventHashCode, pointCode)}`
}

/** constant-time comparison of a presented signature */
export function signatureMatches(secret: string, eventHashCode: string, pointCode: string, presented: string): boolean {
  const expected = Buffer.from(checkinSignature(secret, eventHashCode, pointCode))
  const given = Buffer.from(presented)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

/** a new attendance token: `ATT-` and random base32 letters */
export function newAttendanceToken(): string {
  return `ATT-${base32(crypto.randomBytes(8)).slice(0, EVENTDAY_RULES.attendanceCode.tokenLength)}`
}
