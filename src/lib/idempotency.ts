/**
 * Exactly-once requests (server/src/kernel/http/idempotency.ts): the client makes one key per intent (one
 * booking, one payment of one order) and sends that same key again on every retry of that intent,
 * so a retry after a lost answer can never book or charge twice. A new intent gets a new key.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 32 random characters of [A-Za-z0-9] (the server accepts 8-64 of [A-Za-z0-9_-]) */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(32)
  const cryptoApi = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes)
  else {
    // the mini-program's JS engine has no Web Crypto: Math.random is enough for a key that only
    // has to be unique among one attendee's own requests (the server scopes keys per user)
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  }
  let key = ''
  for (const b of bytes) key += ALPHABET[b % ALPHABET.length]
  return key
}
