/** A registration's answers as a reviewer reads them: the fields of the attendee's type, each in words in both languages. */
import type { ReviewAnswer } from '@contracts/admin/review'
import type { FormConfig, FormValues } from '@contracts/register-form'
import { answerText } from './answer-text'

/** the type's fields in the form's order (activities are listed apart); none when the form no longer has the type */
export function reviewAnswers(form: FormConfig | null, contactType: string, values: FormValues): ReviewAnswer[] {
  const type = form?.attendeeTypes.find((t) => t.code === contactType)
  if (!type) return []
  return type.fields.flatMap((f) =>
    f.key === 'activities'
      ? []
      : [
          {
            key: f.key,
            labelZh: f.labelZh,
            labelEn: f.labelEn,
            valueZh: answerText(f.key, values, form, 'zh'),
            valueEn: answerText(f.key, values, form, 'en'),
          },
        ],
  )
}
