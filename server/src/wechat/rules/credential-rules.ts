/**
 * When WeChat's short-lived credentials are fetched again (wechat/credentials.ts, docs/wechat.md).
 * Pure: the refresh job and the readers ask these with the app's clock.
 *
 * WeChat's facts behind the numbers: an access token (stable_token) and a jsapi_ticket are valid
 * for up to 7200 s (`expires_in`, counted from the answer). In its normal mode stable_token answers
 * the same token until the last 5 minutes of its life and a new one from then on (the old one stays
 * valid until it expires); the force-refresh mode is limited to 20 a day and only for a leaked
 * token. getticket has a small daily quota, so a ticket is fetched only when it is about to expire.
 */
export const WECHAT_CREDENTIAL_RULES = {
  /** a credential is fetched again this long before it expires (inside stable_token's last 5 minutes a new token comes back) */
  refreshBeforeMs: 10 * 60_000,
  /** never ask sooner than this after the last ask (stable_token may answer the same token until its last 5 minutes) */
  recheckMs: 30_000,
  /** after a failed answer (errcode -1 busy, a network error) ask again this much later; the old value serves until it expires */
  retryAfterFailureMs: 60_000,
  /** a reader keeps a row this long before reading it again (never past its expiry) */
  readCacheMs: 30_000,
  /** one HTTPS call to WeChat, connection to last byte */
  requestTimeoutMs: 10_000,
  /** WeChat's own lifetime of a credential when an answer gives none */
  defaultLifetimeS: 7200,
} as const

/** WeChat answers errcode 40001 / 42001 / 40014 when the access token is not (any longer) valid */
export const ACCESS_TOKEN_REJECTED = new Set([40001, 40014, 42001])

export interface StoredCredential {
  value: string
  expiresAt: Date
}

/** whether the credential must be fetched now: absent, or within refreshBeforeMs of its expiry */
export function isRefreshDue(c: StoredCredential | null, now: Date): boolean {
  return !c || c.expiresAt.getTime() - WECHAT_CREDENTIAL_RULES.refreshBeforeMs <= now.getTime()
}

/** whether the credential may still be used at `now` */
export const isValid = (c: StoredCredential | null, now: Date): c is StoredCredential => !!c && c.expiresAt.getTime() > now.getTime()

/**
 * When the refresh job looks again: when the first of the credentials is due, but not before
 * recheckMs (a token WeChat answered unchanged is asked again in 30 s, not in a loop).
 */
export function nextCheckAt(credentials: ReadonlyArray<StoredCredential | null>, now: Date): Date {
  const due = credentials.map((c) => (c ? c.expiresAt.getTime() - WECHAT_CREDENTIAL_RULES.refreshBeforeMs : now.getTime()))
  return new Date(Math.max(now.getTime() + WECHAT_CREDENTIAL_RULES.recheckMs, Math.min(...due)))
}

/** the expiry of a credential answered at `now` with `expires_in` seconds */
export function expiryOf(now: Date, expiresInS: number | undefined): Date {
  const s = Number.isFinite(expiresInS) && (expiresInS ?? 0) > 0 ? expiresInS! : WECHAT_CREDENTIAL_RULES.defaultLifetimeS
  return new Date(now.getTime() + s * 1000)
}
