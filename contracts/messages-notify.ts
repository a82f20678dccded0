/**
 * Texts of the SMS and e-mail the server sends (ENOTE), in the language the recipient uses: the
 * login code (the language of the request asking for it) and the parts of order SMS that are not
 * whole messages of their own domain (the train order SMS themselves are ETRAIN1070-1075). Spread into
 * MESSAGES (contracts/messages.ts).
 */
import type { Lang } from './messages'

export const NOTIFY_MESSAGES = {
  /** {event} {code} {minutes}: the login code by SMS */
  ENOTE1001: {
    zh: '【{event}】您的登录验证码是 {code}，{minutes}分钟内有效。如非本人操作，请忽略本消息。',
    en: '[{event}] Your login code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
  },
  /** {event}: the login code e-mail's subject (its text is ENOTE1001) */
  ENOTE1002: { zh: '{event} 登录验证码', en: '{event}: your login code' },
  /** {event} {name}: a registration approved by the organiser */
  ENOTE1020: {
    zh: '【{event}】{name}，您的报名已通过审核，现在可以登录参会。',
    en: '[{event}] {name}, your registration has been approved. You can now log in to the event.',
  },
  /** {event} {name} {reason}: a registration rejected by the organiser, with their reason */
  ENOTE1021: {
    zh: '【{event}】{name}，很抱歉，您的报名未通过审核。原因：{reason}',
    en: '[{event}] {name}, we are sorry: your registration was not approved. Reason: {reason}',
  },
  /** {event}: the subject of the review result e-mail (its text is ENOTE1020 or ENOTE1021) */
  ENOTE1022: { zh: '{event} 报名审核结果', en: '{event}: your registration' },
  /** {name} {carriage} {seatNo}: one passenger's seat in a change SMS */
  ENOTE1004: { zh: '{name} {carriage}车{seatNo}', en: '{name} car {carriage} seat {seatNo}' },
  // the result words of a WeChat subscription message (a template's "thing" field: 20 characters at most)
  ENOTE1010: { zh: '出票成功', en: 'Tickets issued' },
  ENOTE1011: { zh: '出票失败，票款将原路退回', en: 'Not issued; money refunded' },
  ENOTE1012: { zh: '改签成功', en: 'Change done' },
  ENOTE1013: { zh: '改签失败，原票不变', en: 'Change refused' },
  ENOTE1014: { zh: '退票成功', en: 'Refund done' },
  ENOTE1015: { zh: '退票失败，原票不变', en: 'Refund refused' },
} as const satisfies Record<string, Record<Lang, string>>
