import type { MsgId } from './messages'

/**
 * Every /api call answers HTTP 200 with this envelope, business errors included: the client's
 * rule for HTTP outside 200-299 is a generic "request failed" toast (spec §8), which would lose
 * the clear message a bad input deserves. HTTP 4xx/5xx are kept for what is not a business
 * answer (unknown path, body too large, server fault).
 */
export interface Envelope<T = unknown> {
  /** STATUS_OK on success, STATUS_ERROR with a msgId otherwise */
  status: number
  msgText: string
  /** '' on success; a key of MESSAGES otherwise */
  msgId: string
  data: T | null
}

export const STATUS_OK = 200
export const STATUS_ERROR = 0

/** a success envelope (the server's answers and the client tests' fake server build them alike) */
export const okEnvelope = <T>(data: T): Envelope<T> => ({ status: STATUS_OK, msgText: '', msgId: '', data })
/** a business failure: msgText is the catalogue's text of msgId in the caller's language */
export const failEnvelope = (msgId: MsgId, msgText: string): Envelope<null> => ({ status: STATUS_ERROR, msgText, msgId, data: null })
