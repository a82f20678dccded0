/** Session tokens: random, shown to the client once, stored only as a hash. */
import { createHash, randomBytes } from 'node:crypto'

export const newToken = (): string => randomBytes(32).toString('hex')

/** What the sessions table keeps: a stolen table cannot be replayed as tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** spec §3 "guest token md5": the client stores it beside the token */
export const md5Hex = (s: string): string => createHash('md5').update(s).digest('hex')

/** `authorization: <token>` or `authorization: Bearer <token>`; '' when absent */
export function tokenFromHeader(header: string | string[] | undefined): string {
  const raw = (Array.isArray(header) ? header[0] : (header ?? '')).trim()
  // "Bearer" alone (its trailing space trimmed on the way) carries no token
  if (/^bearer$/i.test(raw)) return ''
  const m = /^Bearer\s+(.+)$/i.exec(raw)
  return (m ? m[1] : raw).trim()
}
