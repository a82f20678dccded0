/**
 * WeChat JS-SDK config signature (official-account docs, "JS-SDK 使用权限签名算法"):
 * sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in ASCII order, values raw
 * (not URL-encoded), url without the '#' fragment.
 *
 * Only pages of the app's own H5 origins are signed (H5_ORIGINS, config.ts): a signature is the
 * official account's permission for a page to use the JS-SDK, so signing any URL would lend
 * that permission to any site that asks.
 */
import { createHash, randomInt } from 'node:crypto'

export interface WxSignInput {
  ticket: string
  noncestr: string
  timestamp: number
  url: string
}

export function wxSignature({ ticket, noncestr, timestamp, url }: WxSignInput): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${stripFragment(url)}`
  return createHash('sha1').update(plain).digest('hex')
}

export function stripFragment(url: string): string {
  const i = url.indexOf('#')
  return i === -1 ? url : url.slice(0, i)
}

const NONCE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newNonce(length = 16): string {
  let s = ''
  for (let i = 0; i < length; i++) s += NONCE_CHARS[randomInt(NONCE_CHARS.length)]
  return s
}

/** the JS-SDK config for a page: a fresh nonce, the time in seconds, the signature */
export function signPageUrl(args: { appId: string; ticket: string; url: string; now: Date }): {
  appId: string
  timestamp: number
  noncestr: string
  signature: string
} {
  const timestamp = Math.floor(args.now.getTime() / 1000)
  const noncestr = newNonce()
  return { appId: args.appId, timestamp, noncestr, signature: wxSignature({ ticket: args.ticket, noncestr, timestamp, url: args.url }) }
}

/** an allowed H5 origin: scheme, host, and a port ('' the scheme's default) or '*' (any port) */
export interface OriginPattern {
  protocol: 'http:' | 'https:'
  hostname: string
  port: string
}

const ORIGIN_PATTERN = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}|\*))?\/?$/i

/**
 * `https://m.example.com`, `https://m.example.com:8443`, `http://localhost:*`: a scheme, a host,
 * optionally a port or `*` for any port; no path, no user, no wildcard host. null when not one.
 */
export function parseOriginPattern(s: string): OriginPattern | null {
  const m = ORIGIN_PATTERN.exec(s.trim())
  if (!m) return null
  const [, scheme, host, port] = m
  let u: URL
  try {
    u = new URL(`${scheme.toLowerCase()}://${host}${port && port !== '*' ? `:${port}` : ''}/`)
  } catch {
    return null
  }
  if (!u.hostname || u.hostname.endsWith('.')) return null
  return { protocol: u.protocol as OriginPattern['protocol'], hostname: u.hostname, port: port === '*' ? '*' : u.port }
}

/**
 * Whether `url` is a page of one of `origins` (patterns as parseOriginPattern reads them). The
 * URL is parsed as a browser would (WHATWG URL) and, so that no other parser can read another
 * host into the same text, its text must also begin with exactly that origin: no user or
 * password (`http://localhost@evil.com`), no backslash or percent tricks before the path, no
 * leading space, and the scheme's default port written out is refused rather than guessed.
 */
export function isSignableUrl(url: string, origins: readonly string[]): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false
  if (u.username || u.password) return false
  const origin = u.origin.toLowerCase()
  if (url.slice(0, origin.length).toLowerCase() !== origin) return false
  const next = url.charAt(origin.length)
  if (next !== '' && next !== '/' && next !== '?' && next !== '#') return false
  return origins.some((o) => {
    const p = parseOriginPattern(o)
    return !!p && p.protocol === u.protocol && p.hostname === u.hostname && (p.port === '*' || p.port === u.port)
  })
}
