/**
 * One field of a registration as words a person reads, in Chinese or English: what the reviewer
 * sees and what the export writes. Choices kept as codes (title, attending, a list's item, an ID
 * document's type) are given by their names; a code the lists no longer hold is shown as it is.
 */
import type { Lang } from '@contracts/messages'
import type { FieldKey, FormConfig, FormValues, ListItem, PhoneValue, RegionValue } from '@contracts/register-form'
import { DICTS } from '../../reference/rules/dicts'

const SEX = { mr: { zh: '先生', en: 'Mr' }, ms: { zh: '女士', en: 'Ms' } } as const
const ATTEND = { attend: { zh: '参会', en: 'Attending' }, absent: { zh: '不参会', en: 'Not attending' } } as const
const EXTENSION = { zh: '转', en: 'ext.' } as const

const joined = (...parts: Array<string | undefined>) =>
  parts
    .filter((s) => s?.trim())
    .map((s) => s!.trim())
    .join(' ')

function phoneText(p: PhoneValue | undefined, lang: Lang): string {
  if (!p) return ''
  const ext = p.ext?.trim()
  return joined(p.country, p.area, p.number) + (ext ? ` ${EXTENSION[lang]} ${ext}` : '')
}

const regionText = (r: RegionValue | undefined) => (r ? [r.nation, r.province, r.city, r.county].filter((s) => s?.trim()).join(' / ') : '')

/** the item's name in the language; the code itself when the list does not have it */
function itemName(list: ListItem[] | undefined, value: string | undefined, lang: Lang): string {
  if (!value?.trim()) return ''
  const item = list?.find((i) => i.value === value)
  if (!item) return value
  return lang === 'zh' ? item.labelZh : item.labelEn || item.labelZh
}

export function answerText(key: Exclude<FieldKey, 'activities'>, v: FormValues, form: FormConfig | null, lang: Lang): string {
  switch (key) {
    case 'surnameGiven':
      return joined(v.surname, v.givenName)
    case 'sex':
      return v.sex ? SEX[v.sex][lang] : ''
    case 'isAttend':
      return v.isAttend ? ATTEND[v.isAttend][lang] : ''
    case 'phone':
    case 'landline':
    case 'fax':
      return phoneText(v[key], lang)
    case 'region':
      return regionText(v.region)
    case 'idDocument':
      return joined(itemName(DICTS.documentType, v.idType, lang), v.idNumber)
    case 'certificate':
      return joined(itemName(form?.lists.certificateType, v.certificateType, lang), v.certificateNumber)
    case 'personalPosition':
      return itemName(form?.lists.personalPosition, v.personalPosition, lang)
    default:
      return String(v[key] ?? '').trim()
  }
}
