/**
 * Answers a cache hands to many requests (the searches' answers, tens of KB of JSON): their
 * success envelope is serialized and UTF-8 encoded once, when the answer is made, and route()
 * writes those bytes instead of serializing and encoding the same object again for every request.
 * A shared answer is never changed afterwards (callers that need a variant, like the change-ticket
 * options, map it into new objects).
 */
import { okEnvelope } from '@contracts/envelope'

const envelopes = new WeakMap<object, Buffer>()

export function shareAnswer<T extends object>(answer: T): T {
  envelopes.set(answer, Buffer.from(JSON.stringify(okEnvelope(answer))))
  return answer
}

/** the success envelope of a shared answer, as bytes; undefined for anything else */
export const sharedEnvelope = (value: unknown): Buffer | undefined => (value !== null && typeof value === 'object' ? envelopes.get(value) : undefined)
