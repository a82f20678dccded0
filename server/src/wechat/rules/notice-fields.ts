/**
 * A notice's template data as WeChat takes it: each field's value fitted to its type's limits
 * (WeChat refuses the whole message, errcode 47003, when one value does not fit). Pure.
 *
 * Limits (WeChat's subscription-message docs): thing ≤ 20 characters of any kind; character_string
 * ≤ 32 letters, digits and symbols; number ≤ 32 digits; phrase ≤ 5 characters; name ≤ 10
 * characters (20 when Latin only); amount a currency sign and up to 10 digits with decimals;
 * time "2026-12-01 08:00". Characters are counted as WeChat counts them: one per code point.
 */
import { NOTICE_TEMPLATES, type FieldType, type NoticeKind, type NoticeValues } from '@contracts/subscribe-notices'

export const FIELD_LIMITS = { thing: 20, character_string: 32, number: 32, phrase: 5, name: 10, nameLatin: 20, amountDigits: 10 } as const

/** a value WeChat accepts where the real one is empty (it refuses an empty field) */
const EMPTY = '-'

const chars = (s: string) => Array.from(s)

/** the first `max` characters; a cut text ends with … inside the limit */
export function cut(value: string, max: number): string {
  const c = chars(value)
  return c.length <= max ? value : c.slice(0, max - 1).join('') + '…'
}

/** ¥ and yuan with two decimals, at most FIELD_LIMITS.amountDigits digits (a larger sum shows its cap) */
export function amountText(fen: number): string {
  const cap = 10 ** FIELD_LIMITS.amountDigits - 1
  const safe = Math.min(Math.max(0, Math.round(fen)), cap)
  const yuan = (safe / 100).toFixed(2)
  return `¥${yuan}`
}

/** `value` fitted to a field of `type` */
export function fitValue(type: FieldType, value: string): string {
  const v = value.trim()
  let out: string
  switch (type) {
    case 'thing':
      out = cut(v, FIELD_LIMITS.thing)
      break
    case 'character_string':
      // letters, digits and symbols only: no spaces, no CJK
      out = chars(v.replace(/[^\x21-\x7e]/g, ''))
        .slice(0, FIELD_LIMITS.character_string)
        .join('')
      break
    case 'number':
      out = v.replace(/[^0-9.]/g, '').slice(0, FIELD_LIMITS.number)
      break
    case 'phrase':
      out = chars(v).slice(0, FIELD_LIMITS.phrase).join('')
      break
    case 'name':
      out = cut(v, /^[\x20-\x7e]*$/.test(v) ? FIELD_LIMITS.nameLatin : FIELD_LIMITS.name)
      break
    case 'amount':
    case 'time':
      out = v
      break
  }
  return out || EMPTY
}

export type TemplateData = Record<string, { value: string }>

/** the `data` of a send: each field of the kind's template, fitted */
export function templateData(kind: NoticeKind, values: NoticeValues): TemplateData {
  const data: TemplateData = {}
  for (const field of NOTICE_TEMPLATES[kind].fields) {
    const raw = values[field.value]
    data[field.key] = { value: fitValue(field.type, typeof raw === 'number' ? amountText(raw) : raw) }
  }
  return data
}
