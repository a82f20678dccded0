/** A registration's answers as a reviewer reads them: the fields of the attendee's type, each as text. */
import type { ReviewAnswer } from '@contracts/admin/review'
import { VALUE_KEYS, type FormConfig, type FormValues, type PhoneValue, type RegionValue } from '@contracts/register-form'

const phoneText = (p: PhoneValue) => [p.country, p.area, p.number].filter((s) => s?.trim()).join(' ') + (p.ext?.trim() ? ` ext. ${p.ext.trim()}` : '')
const regionText = (r: RegionValue) => [r.nation, r.province, r.city, r.county].filter((s) => s?.trim()).join(' / ')

function valueText(v: FormValues[keyof FormValues] | undefined): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v.trim()
  if ('number' in v) return phoneText(v)
  return regionText(v)
}

/** the type's fields in the form's order (activities are listed apart); the code itself when the form no longer has the type */
export function reviewAnswers(form: FormConfig | null, contactType: string, values: FormValues): ReviewAnswer[] {
  const type = form?.attendeeTypes.find((t) => t.code === contactType)
  if (!type) return []
  return type.fields
    .filter((f) => f.key !== 'activities')
    .map((f) => ({
      key: f.key,
      labelZh: f.labelZh,
      labelEn: f.labelEn,
      value: VALUE_KEYS[f.key as Exclude<typeof f.key, 'activities'>]
        .map((k) => valueText(values[k]))
        .filter(Boolean)
        .join(' '),
    }))
}
