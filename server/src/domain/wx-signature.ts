/**
 * WeChat JS-SDK config signature (official-account docs, "JS-SDK 使用权限签名算法"):
 * sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in ASCII order, values raw
 * (not URL-encoded), url without the '#' fragment.
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
