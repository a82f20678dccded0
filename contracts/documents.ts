/**
 * Identity documents (spec §3: registration ID type, train passenger and air order document
 * types): which types exist and what a valid number and name of each look like. One source for
 * the registration form, the train and air passenger forms and the server, so the server refuses
 * exactly what the client would refuse. The type values are those of the `documentType` code list
 * (/api/sys/dict/listItem); labels come from that list or the catalogues.
 *
 * Formats are those the issuing authorities print and the railway and airline systems accept:
 * - idCard: 18 characters, GB 11643 check digit, a real birth date.
 * - hkMacaoPass (mainland residents to Hong Kong/Macao): C + letter/digit + 7 digits (the
 *   electronic card), or W + 8 digits (older booklet).
 * - taiwanPass (mainland residents to Taiwan): L + 8 digits, or 8 digits (older).
 * - homeReturnPermit (Hong Kong/Macao residents): H or M + 8 digits (+ 2 digits on older cards).
 * - taiwanCompatriotPermit: 8 digits, or 10 digits and an optional letter (older).
 * - passport: 5 to 17 letters and digits (Chinese passports E + 8 characters).
 * - foreignerPermanentResidence: 3 letters + 12 digits, or since 2023 18 characters starting
 *   with 9 and carrying the GB 11643 check digit.
 * - hmtResidencePermit: 18 characters starting 810000 (Hong Kong), 820000 (Macao) or 830000
 *   (Taiwan), with the GB 11643 check digit and a real birth date.
 */
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import { isIdCard } from './validation'

dayjs.extend(customParseFormat)

export const DOCUMENT_TYPES = [
  'idCard',
  'hkMacaoPass',
  'taiwanPass',
  'homeReturnPermit',
  'taiwanCompatriotPermit',
  'passport',
  'foreignerPermanentResidence',
  'hmtResidencePermit',
] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

export const isDocumentType = (v: unknown): v is DocumentType => typeof v === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(v)

/** why a document number is refused; null when it is fine */
export type DocumentProblem = 'required' | 'format' | 'checkDigit' | 'birthDate'

/** birth date (YYYY-MM-DD) held in an 18-character number at positions 7-14, if it is a real date */
function birthDateAt(v: string): string | null {
  const d = dayjs(v.slice(6, 14), 'YYYYMMDD', true)
  if (!d.isValid() || d.year() < 1900) return null
  return d.format('YYYY-MM-DD')
}

const checkDigitOk = (v: string): boolean => isIdCard(v)

const PATTERNS: Record<Exclude<DocumentType, 'idCard' | 'hmtResidencePermit'>, RegExp[]> = {
  hkMacaoPass: [/^C[A-Z0-9]\d{7}$/, /^W\d{8}$/],
  taiwanPass: [/^L\d{8}$/, /^\d{8}$/],
  homeReturnPermit: [/^[HM]\d{8}(\d{2})?$/],
  taiwanCompatriotPermit: [/^\d{8}$/, /^\d{10}[A-Z]?$/],
  passport: [/^[A-Z0-9]{5,17}$/],
  foreignerPermanentResidence: [/^[A-Z]{3}\d{12}$/, /^9\d{16}[\dX]$/],
}

/** the number as it is stored and compared: trimmed, upper case, inner spaces removed */
export const normaliseDocumentNumber = (s: string): string => s.replace(/\s+/g, '').toUpperCase()

/**
 * What is wrong with `number` as a document of `type` (null: nothing). `today` bounds birth
 * dates (a number cannot hold a birth date in the future).
 */
export function documentProblem(type: DocumentType, number: string, today: Date = new Date()): DocumentProblem | null {
  const v = normaliseDocumentNumber(number)
  if (!v) return 'required'
  if (type === 'idCard' || type === 'hmtResidencePermit') {
    if (!/^\d{17}[\dX]$/.test(v)) return 'format'
    if (type === 'hmtResidencePermit' && !/^8[123]0000/.test(v)) return 'format'
    const birth = birthDateAt(v)
    if (!birth || dayjs(birth).isAfter(dayjs(today), 'day')) return 'birthDate'
    return checkDigitOk(v) ? null : 'checkDigit'
  }
  if (!PATTERNS[type].some((p) => p.test(v))) return 'format'
  if (type === 'foreignerPermanentResidence' && v.length === 18 && !checkDigitOk(v)) return 'checkDigit'
  return null
}

export const isValidDocument = (type: DocumentType, number: string, today?: Date): boolean => documentProblem(type, number, today) === null

/** birth date (YYYY-MM-DD) read from an ID card or a resident permit; null for other documents */
export function birthDateFromDocument(type: DocumentType, number: string): string | null {
  const v = normaliseDocumentNumber(number)
  if ((type !== 'idCard' && type !== 'hmtResidencePermit') || !/^\d{17}[\dX]$/.test(v)) return null
  return birthDateAt(v)
}

/** sex read from an ID card or resident permit (17th digit: odd male, even female); null otherwise */
export function sexFromDocument(type: DocumentType, number: string): 'male' | 'female' | null {
  const v = normaliseDocumentNumber(number)
  if ((type !== 'idCard' && type !== 'hmtResidencePermit') || !/^\d{17}[\dX]$/.test(v)) return null
  return Number(v[16]) % 2 === 1 ? 'male' : 'female'
}

/**
 * A name as printed on a document: Chinese characters (with the middle dot of transliterated
 * names, 2-30), or Latin letters with spaces, hyphens, apostrophes, dots and the SURNAME/GIVEN
 * slash airlines use (2-55).
 */
export function isDocumentName(s: string): boolean {
  const v = s.trim()
  if (/^[\u3400-\u9fff·•]{2,30}$/.test(v)) return /[\u3400-\u9fff]/.test(v)
  return /^[A-Za-z][A-Za-z .'\-/]{1,54}$/.test(v)
}
