/** How the console's lists (the review queue, the attendee list) name an attendee's type and status. */
import type { ReviewStatus } from '@contracts/admin/review'
import type { FormConfig } from '@contracts/register-form'

/** the registration status as stored (attendees.status); anything else counts as approved, as login reads it */
export const asReviewStatus = (s: string): ReviewStatus => (s === 'auditing' || s === 'rejected' ? s : 'approved')

/** the attendee type's names as the event's form gives them (the code itself when the form no longer has it) */
export function attendeeTypeNames(form: FormConfig | null, code: string): { typeZh: string; typeEn: string } {
  const t = form?.attendeeTypes.find((a) => a.code === code)
  return { typeZh: t?.labelZh || code, typeEn: t?.labelEn || t?.labelZh || code }
}
