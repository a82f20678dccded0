/**
 * Keys the client makes: an idempotency key per intent, a draft key per device and event. They
 * only need to be unique and hard to guess; the mini-program has no `crypto`, so
 * getRandomValues is used where it exists and Math.random elsewhere, with the time in front.
 */
export function newKey(prefix = 'k'): string {
  let rand = ''
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto
  if (c?.getRandomValues) {
    rand = Array.from(c.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('')
  } else {
    for (let i = 0; i < 4; i++) rand += Math.floor(Math.random() * 2 ** 32).toString(36)
  }
  return `${prefix}-${Date.now().toString(36)}-${rand}`.slice(0, 64)
}
