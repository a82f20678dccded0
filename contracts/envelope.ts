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
