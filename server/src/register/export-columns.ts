/**
 * The columns of an attendee export: every field of the event's registration form (its labels
 * in the user's language: the organiser's own, else the attendee app's), then type, status, added
 * and checked in. An attendee added by hand or imported has no form answers: the name and contacts
 * of their account fill those columns.
 */
import { STATUS_NAMES } from '@contracts/admin/attendee-io'
import type { Lang } from '@contracts/messages'
import type { FieldKey, FormConfig, FormValues } from '@contracts/register-form'
import { answerText } from './rules/answer-text'
import { asReviewStatus, attendeeTypeNames } from './rules/listed-attendee'

/** the attendee app's labels of the form's fields (src/locales/register.*.ts field.*) */
const FIELD_LABELS: Record<Exclude<FieldKey, 'activities'>, Record<Lang, string>> = {
  name: { zh: '姓名', en: 'Name' },
  surnameGiven: { zh: '姓名', en: 'Name' },
  sex: { zh: '称谓', en: 'Title' },
  company: { zh: '单位', en: 'Company' },
  department: { zh: '部门', en: 'Department' },
  position: { zh: '职务', en: 'Position' },
  personalPosition: { zh: '个人职位', en: 'Personal position' },
  phone: { zh: '电话', en: 'Phone' },
  landline: { zh: '座机', en: 'Landline' },
  fax: { zh: '传真', en: 'Fax' },
  email: { zh: '邮箱', en: 'E-mail' },
  spareEmail: { zh: '备用邮箱', en: 'Spare e-mail' },
  mobile: { zh: '手机', en: 'Mobile' },
  spareMobile: { zh: '备用手机', en: 'Spare mobile' },
  region: { zh: '国家/省/市/区县', en: 'Nation / province / city / county' },
  address: { zh: '详细地址', en: 'Full address' },
  postcode: { zh: '邮政编码', en: 'Postcode' },
  qq: { zh: 'QQ', en: 'QQ' },
  wechat: { zh: '微信', en: 'WeChat' },
  photo: { zh: '照片', en: 'Photo' },
  idDocument: { zh: '证件', en: 'ID' },
  certificate: { zh: '证书', en: 'Certificate' },
  attachment: { zh: '附件', en: 'Attachment' },
  personCode: { zh: '人员编号', en: 'Person code' },
  isAttend: { zh: '是否参会', en: 'Attending' },
}
type ExportedField = keyof typeof FIELD_LABELS

const FIXED_LABELS = {
  userType: { zh: '参会人类型', en: 'Attendee type' },
  status: { zh: '报名状态', en: 'Registration status' },
  addedAt: { zh: '添加时间', en: 'Added' },
  checkedInAt: { zh: '签到时间', en: 'Checked in' },
} as const
/** the account's own columns: always in the export, also when the form asks none of them */
const ACCOUNT_FIELDS: ExportedField[] = ['name', 'mobile', 'email', 'company']

export interface ExportRow {
  name: string
  mobile: string | null
  email: string | null
  company: string | null
  userType: string
  status: string
  addedAt: Date
  checkedInAt: Date | null
  values: FormValues | null
}

/** the form's fields, once each, in the order of its types, with their labels */
export function exportFields(form: FormConfig | null, lang: Lang): Array<{ key: ExportedField; label: string }> {
  const out = new Map<ExportedField, string>()
  for (const type of form?.attendeeTypes ?? []) {
    for (const f of type.fields) {
      if (f.key === 'activities' || out.has(f.key)) continue
      out.set(f.key, (lang === 'zh' ? f.labelZh : f.labelEn || f.labelZh) || FIELD_LABELS[f.key][lang])
    }
  }
  const missing = ACCOUNT_FIELDS.filter((k) => !out.has(k) && !(k === 'name' && out.has('surnameGiven')))
  return [...missing.map((key) => ({ key, label: FIELD_LABELS[key][lang] })), ...[...out].map(([key, label]) => ({ key, label }))]
}

/** the account's own columns fall back to the account: an attendee added by hand has no answers */
function fieldText(key: ExportedField, r: ExportRow, form: FormConfig | null, lang: Lang): string {
  const v = r.values ?? {}
  const answer = answerText(key, v, form, lang)
  switch (key) {
    case 'name':
    case 'surnameGiven':
      return answer || r.name
    case 'mobile':
    case 'email':
    case 'company':
      return answer || r[key] || ''
    default:
      return answer
  }
}

/** the export's header and each attendee's row of text */
export function exportTable(form: FormConfig | null, lang: Lang) {
  const fields = exportFields(form, lang)
  const header = [...fields.map((f) => f.label), ...Object.values(FIXED_LABELS).map((l) => l[lang])]
  const row = (r: ExportRow): string[] => {
    const names = attendeeTypeNames(form, r.userType)
    return [
      ...fields.map((f) => fieldText(f.key, r, form, lang)),
      lang === 'zh' ? names.typeZh : names.typeEn,
      STATUS_NAMES[asReviewStatus(r.status)][lang],
      r.addedAt.toISOString(),
      r.checkedInAt ? r.checkedInAt.toISOString() : '',
    ]
  }
  return { header, row }
}
