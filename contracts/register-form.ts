/**
 * The registration form (spec §3 "registration form fields", §5 registration messages), shared by
 * the client and the server so both refuse the same input for the same reason:
 * - FormConfig: what an organiser's JSON file sets per event (attendee types with their fields,
 *   follower types, activity limit, audit, edit rule, protocol), checked by parseFormConfig();
 * - FormValues: what an attendee fills in;
 * - formProblems(): every problem of the values against a type's fields, one per field, each a
 *   FormProblem the client shows at the field (catalogue `register.problem.*`) and the server
 *   answers as a msgId (PROBLEM_MSG_IDS).
 */
import { documentProblem, isDocumentType, normaliseDocumentNumber, type DocumentType } from './documents'
import { isEmail, isMobile } from './validation'

export const FIELD_KEYS = [
  'name',
  'surnameGiven',
  'sex',
  'company',
  'department',
  'position',
  'personalPosition',
  'phone',
  'landline',
  'fax',
  'email',
  'spareEmail',
  'mobile',
  'spareMobile',
  'region',
  'address',
  'postcode',
  'qq',
  'wechat',
  'photo',
  'idDocument',
  'certificate',
  'attachment',
  'personCode',
  'activities',
  'isAttend',
] as const
export type FieldKey = (typeof FIELD_KEYS)[number]
export const UPLOAD_FIELDS = ['photo', 'attachment'] as const
export type UploadField = (typeof UPLOAD_FIELDS)[number]

/** limits of an upload field (spec §5: one file, format, size, image width/height) */
export interface UploadRule {
  /** lower-case extensions without the dot: jpg, png, pdf … */
  formats: string[]
  maxBytes: number
  /** images only; 0: no bound */
  minWidth: number
  maxWidth: number
  minHeight: number
  maxHeight: number
}

export interface FieldConfig {
  key: FieldKey
  required: boolean
  /** the organiser's own label; '' → the catalogue's */
  labelZh: string
  labelEn: string
  upload?: UploadRule
}

export interface AttendeeTypeConfig {
  code: string
  labelZh: string
  labelEn: string
  /** registrations of this type wait for an organiser's review (spec §4 "under audit") */
  audit: boolean
  /**
   * the app does not offer the type for a new registration: the organisers add its attendees (by
   * hand or by import), and the app and the console still name it (a form saved before the flag
   * existed has none: offered)
   */
  byInvitation?: boolean
  fields: FieldConfig[]
}

export interface FollowerTypeConfig {
  code: string
  labelZh: string
  labelEn: string
  /** followers of this type one attendee may bring */
  max: number
  fields: FieldConfig[]
}

export interface ListItem {
  value: string
  labelZh: string
  labelEn: string
}

export interface FormConfig {
  /** false: the form is closed (EREG1042) */
  open: boolean
  attendeeTypes: AttendeeTypeConfig[]
  followerTypes: FollowerTypeConfig[]
  /** activities one attendee may sign up for; null: no limit */
  maxActivities: number | null
  /** until when an attendee may edit: the event's start, its end, or never */
  editUntil: 'eventStart' | 'eventEnd' | 'never'
  /** after a successful registration without audit: log in, or straight to the home page */
  afterRegister: 'login' | 'home'
  protocolZh: string
  protocolEn: string
  /** option lists of select fields (personal/listItem): personalPosition, certificateType */
  lists: Record<string, ListItem[]>
}

export interface PhoneValue {
  /** calling code, e.g. +86 */
  country: string
  area: string
  number: string
  ext: string
}
export interface RegionValue {
  /** ISO 3166 alpha-2 of the `nation` code list; CN asks for province, city and county */
  nation: string
  province: string
  city: string
  county: string
}

export interface FormValues {
  name?: string
  surname?: string
  givenName?: string
  sex?: 'mr' | 'ms' | ''
  company?: string
  department?: string
  position?: string
  personalPosition?: string
  phone?: PhoneValue
  landline?: PhoneValue
  fax?: PhoneValue
  email?: string
  spareEmail?: string
  mobile?: string
  spareMobile?: string
  region?: RegionValue
  address?: string
  postcode?: string
  qq?: string
  wechat?: string
  /** file code of an upload (/api/obs/file/upload) */
  photo?: string
  idType?: string
  idNumber?: string
  certificateType?: string
  certificateNumber?: string
  attachment?: string
  personCode?: string
  /** spec §3 isAttend: attend / not attend */
  isAttend?: 'attend' | 'absent' | ''
}

/** why a field is refused: each has a message in both catalogues and a server msgId */
export type FormProblem =
  | 'required'
  | 'surnameRequired'
  | 'nameRequired'
  | 'nationRequired'
  | 'countyRequired'
  | 'fullAddressRequired'
  | 'postcodeRequired'
  | 'areaCodeRequired'
  | 'landlineRequired'
  | 'faxRequired'
  | 'idTypeRequired'
  | 'idNumber'
  | 'postcode'
  | 'email'
  | 'mobile'
  | 'phone'
  | 'tooLong'
  | 'choice'

/** the server's msgId of each problem (contracts/messages-register.ts holds their texts) */
export const PROBLEM_MSG_IDS = {
  required: 'EREG2101',
  surnameRequired: 'EREG2102',
  nameRequired: 'EREG2103',
  nationRequired: 'EREG2104',
  countyRequired: 'EREG2105',
  fullAddressRequired: 'EREG2106',
  postcodeRequired: 'EREG2107',
  areaCodeRequired: 'EREG2108',
  landlineRequired: 'EREG2109',
  faxRequired: 'EREG2110',
  idTypeRequired: 'EREG2111',
  idNumber: 'EREG2112',
  postcode: 'EREG2113',
  email: 'EREG2114',
  mobile: 'EREG2115',
  phone: 'EREG2116',
  tooLong: 'EREG2117',
  choice: 'EREG2118',
} as const satisfies Record<FormProblem, string>

/** longest text of any field: a registration is a few hundred characters */
export const MAX_TEXT = 200
export const POSTCODE_PATTERN = /^\d{6}$/
const DIGITS = /^\d+$/

const blank = (v: string | undefined | null): boolean => !v || !v.trim()

/** spec §5 "international code - area code - number - extension" */
export function phoneProblem(p: PhoneValue | undefined, required: boolean, which: 'phone' | 'landline' | 'fax'): FormProblem | null {
  const empty = !p || (blank(p.area) && blank(p.number) && blank(p.ext))
  if (empty) return required ? (which === 'fax' ? 'faxRequired' : which === 'landline' ? 'landlineRequired' : 'required') : null
  if (blank(p.area)) return 'areaCodeRequired'
  if (blank(p.number)) return which === 'fax' ? 'faxRequired' : 'landlineRequired'
  if (!/^\+\d{1,4}$/.test(p.country.trim())) return 'phone'
  if (!DIGITS.test(p.area.trim()) || p.area.trim().length > 5) return 'phone'
  if (!DIGITS.test(p.number.trim()) || p.number.trim().length < 5 || p.number.trim().length > 12) return 'phone'
  if (!blank(p.ext) && (!DIGITS.test(p.ext.trim()) || p.ext.trim().length > 6)) return 'phone'
  return null
}

/** what the form keys of a field are in FormValues (the field's problem is reported on the first) */
export const VALUE_KEYS: Record<Exclude<FieldKey, 'activities'>, Array<keyof FormValues>> = {
  name: ['name'],
  surnameGiven: ['surname', 'givenName'],
  sex: ['sex'],
  company: ['company'],
  department: ['department'],
  position: ['position'],
  personalPosition: ['personalPosition'],
  phone: ['phone'],
  landline: ['landline'],
  fax: ['fax'],
  email: ['email'],
  spareEmail: ['spareEmail'],
  mobile: ['mobile'],
  spareMobile: ['spareMobile'],
  region: ['region'],
  address: ['address'],
  postcode: ['postcode'],
  qq: ['qq'],
  wechat: ['wechat'],
  photo: ['photo'],
  idDocument: ['idType', 'idNumber'],
  certificate: ['certificateType', 'certificateNumber'],
  attachment: ['attachment'],
  personCode: ['personCode'],
  isAttend: ['isAttend'],
}

export interface ProblemContext {
  /** option lists of the form (personalPosition, certificateType) */
  lists: Record<string, ListItem[]>
  /** region codes that exist (the server checks the city tree; the client picks from it) */
  regionExists?: (r: RegionValue) => boolean
  today?: Date
}

/** one field's problem, or null */
export function fieldProblem(f: FieldConfig, v: FormValues, ctx: ProblemContext): FormProblem | null {
  const req = f.required
  const tooLong = (s: string | undefined) => !!s && s.length > MAX_TEXT
  switch (f.key) {
    case 'name':
      if (blank(v.name)) return req ? 'nameRequired' : null
      return tooLong(v.name) ? 'tooLong' : null
    case 'surnameGiven':
      if (blank(v.surname) && blank(v.givenName) && !req) return null
      if (blank(v.surname)) return 'surnameRequired'
      if (blank(v.givenName)) return 'nameRequired'
      return tooLong(v.surname) || tooLong(v.givenName) ? 'tooLong' : null
    case 'sex':
      if (!v.sex) return req ? 'required' : null
      return v.sex === 'mr' || v.sex === 'ms' ? null : 'choice'
    case 'isAttend':
      if (!v.isAttend) return req ? 'required' : null
      return v.isAttend === 'attend' || v.isAttend === 'absent' ? null : 'choice'
    case 'phone':
    case 'landline':
    case 'fax':
      return phoneProblem(v[f.key], req, f.key)
    case 'email':
    case 'spareEmail':
      if (blank(v[f.key])) return req ? 'required' : null
      return isEmail(v[f.key]!) ? null : 'email'
    case 'mobile':
    case 'spareMobile':
      if (blank(v[f.key])) return req ? 'required' : null
      return isMobile(v[f.key]!) ? null : 'mobile'
    case 'postcode':
      if (blank(v.postcode)) return req ? 'postcodeRequired' : null
      return POSTCODE_PATTERN.test(v.postcode!.trim()) ? null : 'postcode'
    case 'address':
      if (blank(v.address)) return req ? 'fullAddressRequired' : null
      return tooLong(v.address) ? 'tooLong' : null
    case 'region': {
      const r = v.region
      if (!r || blank(r.nation)) return req || (r && !blank(r.province)) ? 'nationRequired' : null
      if (r.nation === 'CN') {
        if (blank(r.province) || blank(r.city) || blank(r.county)) return req ? 'countyRequired' : blank(r.province) ? null : 'countyRequired'
        if (ctx.regionExists && !ctx.regionExists(r)) return 'choice'
      } else if (!blank(r.province) || !blank(r.city) || !blank(r.county)) return 'choice'
      return null
    }
    case 'qq':
      if (blank(v.qq)) return req ? 'required' : null
      return /^[1-9]\d{4,11}$/.test(v.qq!.trim()) ? null : 'choice'
    case 'personalPosition': {
      if (blank(v.personalPosition)) return req ? 'required' : null
      const list = ctx.lists.personalPosition
      return !list || list.some((i) => i.value === v.personalPosition) ? (tooLong(v.personalPosition) ? 'tooLong' : null) : 'choice'
    }
    case 'idDocument': {
      if (blank(v.idType) && blank(v.idNumber)) return req ? 'idTypeRequired' : null
      if (blank(v.idType)) return 'idTypeRequired'
      if (!isDocumentType(v.idType)) return 'choice'
      return documentProblem(v.idType as DocumentType, v.idNumber ?? '', ctx.today) ? 'idNumber' : null
    }
    case 'certificate': {
      if (blank(v.certificateType) && blank(v.certificateNumber)) return req ? 'required' : null
      if (blank(v.certificateType) || blank(v.certificateNumber)) return 'required'
      const list = ctx.lists.certificateType
      if (list && !list.some((i) => i.value === v.certificateType)) return 'choice'
      return tooLong(v.certificateNumber) ? 'tooLong' : null
    }
    case 'photo':
    case 'attachment':
      return blank(v[f.key]) ? (req ? 'required' : null) : null
    case 'activities':
      return null
    default: {
      const key = VALUE_KEYS[f.key][0]
      const s = v[key] as string | undefined
      if (blank(s)) return req ? 'required' : null
      return tooLong(s) ? 'tooLong' : null
    }
  }
}

/** every problem of the values, by field key, in the form's order */
export function formProblems(fields: FieldConfig[], v: FormValues, ctx: ProblemContext): Partial<Record<FieldKey, FormProblem>> {
  const out: Partial<Record<FieldKey, FormProblem>> = {}
  for (const f of fields) {
    const p = fieldProblem(f, v, ctx)
    if (p) out[f.key] = p
  }
  return out
}

/** the values of the fields of the form only, trimmed, with document numbers normalised (what the server stores) */
export function cleanValues(fields: FieldConfig[], v: FormValues): FormValues {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.key === 'activities') continue
    for (const k of VALUE_KEYS[f.key]) {
      const x = v[k]
      if (x === undefined || x === null) continue
      out[k] = typeof x === 'string' ? x.trim() : x
    }
  }
  const clean = out as FormValues
  if (clean.idNumber) clean.idNumber = normaliseDocumentNumber(clean.idNumber)
  if (clean.email) clean.email = clean.email.toLowerCase()
  return clean
}

/** the name to show and store for a person: name, or surname + given name */
export function displayName(v: FormValues): string {
  if (v.name?.trim()) return v.name.trim()
  const s = (v.surname ?? '').trim()
  const g = (v.givenName ?? '').trim()
  return /[\u3400-\u9fff]/.test(s + g) ? `${s}${g}` : [g, s].filter(Boolean).join(' ')
}
