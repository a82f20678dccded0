/**
 * What a check-in QR code or typed check-in code says, read the same way by the client (to tell
 * the attendee at once, even offline) and by the server (which decides). Spec §5 "Scan": an empty
 * result, an unrecognised QR address, an illegal QR code.
 *
 * A check-in point (a door, a desk) has a code `POINT-SIGNATURE`: the point's code and a signature
 * the server makes over the event and the point (server/src/eventday/rules/checkin-sign.ts), so a code
 * made up by hand is illegal. The QR code on the poster holds the app's address of /signIn with
 * the event and that code (`https://host/signIn?ehc=demo&ec=DEMO&code=MAIN-ABCDEFGHJK`): scanned
 * with the phone's own camera it opens the app at the check-in page; scanned inside the app it is
 * read here. Under the QR the poster prints the code itself, for typing.
 *
 * Plain TypeScript without URL (the mini-program has no URL global).
 */

/** point code: letters, digits, underscore; signature: 10 letters of RFC 4648 base32 */
export const CHECKIN_CODE_PATTERN = /^([A-Z0-9_]{1,32})-([A-Z2-7]{10})$/

/** the attendance code's QR text: a prefix and a short random token (no personal data) */
export const ATTENDANCE_TOKEN_PATTERN = /^ATT-[A-Z2-7]{12}$/

export type CheckinText =
  | { kind: 'empty' }
  | { kind: 'unrecognised' }
  /** eventHashCode: null when only the code was typed (it means the current event) */
  | { kind: 'code'; eventHashCode: string | null; code: string; pointCode: string; signature: string }

const SIGN_IN_PATHS = ['/signIn', '/pages/pagesUser/signIn/signIn']

function queryOf(qs: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of qs.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const k = eq < 0 ? part : part.slice(0, eq)
    const v = eq < 0 ? '' : part.slice(eq + 1)
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      // a malformed %-escape: that parameter is not ours
    }
  }
  return out
}

function codeOf(raw: string, eventHashCode: string | null): CheckinText {
  const code = raw.trim().toUpperCase()
  const m = CHECKIN_CODE_PATTERN.exec(code)
  if (!m) return { kind: 'unrecognised' }
  return { kind: 'code', eventHashCode, code, pointCode: m[1], signature: m[2] }
}

/** reads a scan result or what the attendee typed */
export function parseCheckinText(text: string | null | undefined): CheckinText {
  const s = (text ?? '').trim()
  if (!s) return { kind: 'empty' }
  if (s.length > 2000) return { kind: 'unrecognised' }
  // the code alone, as printed under the QR code
  if (!/[/?:]/.test(s)) return codeOf(s, null)
  const m = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#(\S*))?$/i.exec(s)
  if (!m) return { kind: 'unrecognised' }
  // H5 hash routing puts the page and its query after '#'
  let path = m[1] ?? '/'
  let qs = m[2] ?? ''
  if (m[3] && m[3].startsWith('/')) {
    const [hp, hq] = m[3].split('?')
    path = hp
    qs = hq ?? ''
  }
  if (!SIGN_IN_PATHS.includes(path.replace(/\/+$/, ''))) return { kind: 'unrecognised' }
  const q = queryOf(qs)
  const ehc = q.ehc || q.eventHashCode
  if (!ehc || !q.code) return { kind: 'unrecognised' }
  return codeOf(q.code, ehc)
}

/** the address a check-in QR code holds (origin: where the H5 app is served) */
export function checkinUrl(origin: string, e: { eventHashCode: string; eventCode: string }, code: string): string {
  return `${origin.replace(/\/+$/, '')}/signIn?ehc=${encodeURIComponent(e.eventHashCode)}&ec=${encodeURIComponent(e.eventCode)}&code=${encodeURIComponent(code)}`
}
