/**
 * Answers a cache hands to many requests (the searches' answers, tens of KB of JSON): their
 * success envelope is serialized and UTF-8 encoded once, when the answer is made, and route()
 * writes those bytes instead of serializing and encoding the same object again for every request.
 * A shared answer is never changed afterwards (callers that need a variant, like the change-ticket
 * options, map it into new objects).
 *
 * Compression: a client that accepts brotli or gzip (browsers, WeChat's wx.request) gets the
 * bytes compressed, made once per answer and encoding on the first request that asks for it (a
 * 17 KB flight list is 2–3 KB: what a phone on a venue's network waits for). Only these answers
 * are compressed: they are the same for every caller and carry nothing secret, so the reason API
 * answers are otherwise sent plain (a token or a person's data beside text the caller controls
 * lets compression leak it, BREACH) does not apply; and below COMPRESS_MIN_BYTES it is not worth it.
 */
import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import { okEnvelope } from '@contracts/envelope'

/** answers smaller than this are sent plain whatever the client accepts (a TCP packet's worth) */
export const COMPRESS_MIN_BYTES = 1400

export type Encoding = 'br' | 'gzip'

interface Shared {
  plain: Buffer
  br?: Buffer
  gzip?: Buffer
}

const envelopes = new WeakMap<object, Shared>()

export function shareAnswer<T extends object>(answer: T): T {
  envelopes.set(answer, { plain: Buffer.from(JSON.stringify(okEnvelope(answer))) })
  return answer
}

const compress: Record<Encoding, (b: Buffer) => Buffer> = {
  // quality 5: within a few percent of the best for JSON, at a fraction of quality 11's time
  br: (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => zlib.gzipSync(b, { level: 6 }),
}

// brotli first when a client accepts both with the same weight
// no cache of headers seen: its keys would be whatever clients send
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] })

/** the encoding of the answer for this accept-encoding header, or null for the plain bytes */
export function encodingFor(acceptEncoding: string | undefined, size: number): Encoding | null {
  if (!acceptEncoding || size < COMPRESS_MIN_BYTES) return null
  return negotiator.negotiate(acceptEncoding) as Encoding | null
}

/**
 * The success envelope of a shared answer as bytes, compressed as the client accepts
 * (`accept-encoding`); undefined for anything that is not a shared answer
 */
export function sharedEnvelope(value: unknown, acceptEncoding?: string): { bytes: Buffer; encoding: Encoding | null } | undefined {
  const shared = value !== null && typeof value === 'object' ? envelopes.get(value) : undefined
  if (!shared) return undefined
  const encoding = encodingFor(acceptEncoding, shared.plain.length)
  if (!encoding) return { bytes: shared.plain, encoding: null }
  return { bytes: (shared[encoding] ??= compress[encoding](shared.plain)), encoding }
}
