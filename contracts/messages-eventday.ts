/** Server messages of the event day: check-in (spec §5 "Scan"), feedback. */
import type { Lang } from './messages'

export const EVENTDAY_MESSAGES = {
  // spec §5 Scan: "Message check empty; unrecognised QR address; illegal QR code"
  ECHK1001: { zh: '扫码结果为空，请重新扫描', en: 'The scan result is empty, please scan again' },
  ECHK1002: { zh: '无法识别的二维码地址', en: 'Unrecognised QR code address' },
  ECHK1003: { zh: '非法二维码', en: 'Illegal QR code' },
  /** {time}: when check-in opens */
  ECHK1004: { zh: '签到尚未开始，开始时间：{time}', en: 'Check-in has not opened yet; it opens at {time}' },
  ECHK1005: { zh: '会议已结束，无法签到', en: 'The conference has ended: check-in is closed' },
  /** a queued scan whose time cannot be true (far in the future, or older than the queue keeps) */
  ECHK1006: { zh: '签到时间无效，请重新扫码', en: 'The check-in time is not valid, please scan again' },
  EFBK1001: { zh: '请填写反馈内容', en: 'Please enter your feedback' },
  /** {max}: characters */
  EFBK1002: { zh: '反馈内容不能超过{max}个字', en: 'Feedback can be at most {max} characters' },
  EFBK1003: { zh: '请填写正确的手机号码或邮箱', en: 'Please enter a correct mobile number or e-mail' },
  EFBK1004: { zh: '请选择反馈类型', en: 'Please choose the kind of feedback' },
} as const satisfies Record<string, Record<Lang, string>>
