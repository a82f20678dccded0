import { isEmail, isMobile } from '@contracts/validation'

/** must match the server's rule (EVENTDAY_RULES.feedback.maxLength); the server has the last word */
export const FEEDBACK_MAX = 500

/** what is wrong with a feedback before it is sent, as a catalogue key (null: nothing) */
export function feedbackProblem(content: string, contact: string): 'enterContent' | 'tooLong' | 'contactInvalid' | null {
  const c = content.trim()
  if (!c) return 'enterContent'
  if (Array.from(c).length > FEEDBACK_MAX) return 'tooLong'
  const k = contact.trim()
  if (k && !isMobile(k) && !isEmail(k)) return 'contactInvalid'
  return null
}
