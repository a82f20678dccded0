/**
 * Field schemas shared by the routes. Every string has a maximum length (huge input is refused
 * before it reaches the database), refuses NUL (PostgreSQL cannot store or even compare it: a
 * NUL reaching a query is a 500), and has an `error` naming the msgId the caller should see.
 * kernel/http/route.ts refuses NUL anywhere in a parsed body as well, for strings not made here.
 */
import { z } from 'zod'
import type { MsgId } from '@contracts/messages'
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency'

/** no U+0000 anywhere */
export const hasNoNul = (s: string): boolean => !s.includes('\u0000')

/** a string field that may be absent or null (clients send null for empty fields) */
export const optionalString = (max: number, error: MsgId = 'EVAL0001') =>
  z
    .string({ error })
    .max(max, { error })
    .refine(hasNoNul, { error })
    .nullish()
    .transform((v) => v ?? undefined)

export const requiredString = (max: number, error: MsgId = 'EVAL0001') =>
  z.string({ error }).trim().min(1, { error }).max(max, { error }).refine(hasNoNul, { error })

export const EventCode = requiredString(64)
export const EventHashCode = requiredString(64)

/** an optional free-text field: trimmed, null treated as absent */
export const optionalTrimmed = (max: number, error: MsgId = 'EVAL0001') =>
  z
    .string({ error })
    .trim()
    .max(max, { error })
    .refine(hasNoNul, { error })
    .nullish()
    .transform((v) => v ?? undefined)

/** a page, module, article or album code of the microsite */
export const MicrositeCode = requiredString(64)
/** how rich text comes back: html (H5) or nodes (mini-program rich-text) */
export const RichFormatField = z.enum(['html', 'nodes'], { error: 'EVAL0001' })
/** the body of every call about one page of the microsite */
export const PageRequestBody = z.object({ eventCode: EventCode, pageCode: MicrositeCode })

/** the client's key for one intent, sent again on retry (kernel/http/idempotency.ts) */
export const IdempotencyKey = z.string({ error: 'EVAL0001' }).regex(IDEMPOTENCY_KEY_PATTERN, { error: 'EVAL0001' })
