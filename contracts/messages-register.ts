/** Server messages of registration (issue 7): the form, followers, uploads, activities, password. */
import type { Lang } from './messages'

export const REGISTER_MESSAGES = {
  // --- activities (sub-events) ---
  /** a code that is not an activity of this event open for sign-up */
  EREG2001: { zh: '所选活动不存在或不可报名', en: 'This activity does not exist or is not open for sign-up' },
  /** {title}: the activity that has no place left */
  EREG2002: { zh: '活动“{title}”名额已满', en: 'The activity "{title}" is full' },
  /** {max}: the event's limit per attendee */
  EREG2003: { zh: '每位参会人最多可报名{max}个活动', en: 'You can sign up for at most {max} activities' },
} as const satisfies Record<string, Record<Lang, string>>
