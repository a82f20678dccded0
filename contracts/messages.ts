/**
 * The msgId catalogue: one source for the server's msgText in both languages and for the ids the
 * client handles specially (spec §8). Prefix = area: EAUT auth/session, ELOG login, ECODE
 * verification codes, EREG registration, ECMS microsite, ETRAIN railway, EVAL input validation,
 * ESYS system.
 */
import { AIR_MESSAGES } from './messages-air'
import { TRAIN_MESSAGES } from './messages-train'
import { EVENTDAY_MESSAGES } from './messages-eventday'
import { REGISTER_MESSAGES } from './messages-register'
import { NOTIFY_MESSAGES } from './messages-notify'
import { UPLOAD_MESSAGES } from './messages-upload'
import { ADMIN_MESSAGES } from './admin/messages'

export type Lang = 'zh' | 'en'

export const MESSAGES = {
  // --- session (spec §8: modal "login timed out", token cleared, back to /login) ---
  EAUT0003: { zh: '请先登录', en: 'Please log in first' },
  EAUT0004: { zh: '登录已过期，请重新登录', en: 'Your login has expired, please log in again' },
  EAUT0005: { zh: '登录状态无效，请重新登录', en: 'Your login is no longer valid, please log in again' },
  // --- login ---
  ELOG1001: { zh: '验证码错误', en: 'The verification code is incorrect' },
  ELOG1002: { zh: '验证码已过期，请重新获取', en: 'The verification code has expired, please get a new one' },
  ELOG1003: { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong attempts, please get a new code' },
  ELOG1004: { zh: '请先获取验证码', en: 'Please get a verification code first' },
  ELOG1005: { zh: '用户名或密码错误', en: 'Incorrect user name or password' },
  /** {minutes}: until this address may try this user name again (the account stays open elsewhere) */
  ELOG1006: { zh: '密码错误次数过多，请{minutes}分钟后再试', en: 'Too many wrong passwords, please try again in {minutes} minutes' },
  ELOG1007: { zh: '本活动不支持该登录方式', en: 'This login method is not available for this event' },
  ELOG1008: { zh: '证件号码与报名信息不符', en: 'The ID number does not match your registration' },
  ELOG1009: { zh: '参会码不正确', en: 'The visiting code is incorrect' },
  ELOG1010: { zh: '房间号不正确', en: 'The room number is incorrect' },
  /** {seconds}: many wrong passwords for this user name from several places: it slows down, never locks */
  ELOG1011: {
    zh: '该账号密码错误次数较多，请{seconds}秒后再试，或使用验证码登录',
    en: 'Too many wrong passwords for this account, please wait {seconds} seconds and try again, or log in with a code',
  },
  /** the organisers disabled this person at this event (the console's attendee list) */
  ELOG1012: {
    zh: '您在本活动的登录权限已被主办方停用，如有疑问请联系主办方',
    en: 'The organisers have disabled your access to this event; please contact them if you have questions',
  },
  // --- verification codes ---
  ECODE1001: { zh: '请等待倒计时结束后再重新发送', en: 'Please wait for the countdown before resending' },
  ECODE1002: { zh: '今日获取验证码次数已达上限', en: "You have reached today's limit of verification codes" },
  ECODE1003: { zh: '验证码发送失败，请稍后重试', en: 'The verification code could not be sent, please try again later' },
  /** {minutes}: until the hour's count for this number or address at this event starts again */
  ECODE1004: {
    zh: '验证码获取过于频繁，请{minutes}分钟后再试',
    en: 'Too many verification codes requested, please try again in {minutes} minutes',
  },
  // --- registration (ids named by spec §8) ---
  /** not registered for this event: returned silently, the caller decides (login offers registration) */
  EREG1036: { zh: '您尚未报名本次活动', en: 'You have not registered for this event' },
  EREG1040: { zh: '您的报名正在审核中', en: 'Your registration is under review' },
  EREG1030: { zh: '您的报名未通过审核', en: 'Your registration was not approved' },
  EREG1042: { zh: '本次活动报名已关闭', en: 'Registration for this event is closed' },
  // --- event ---
  EEVT1001: { zh: '活动不存在', en: 'Event not found' },
  EEVT1002: { zh: '会议网站尚未开启', en: 'The conference website is not open yet' },
  // --- microsite (the client sends the caller to the tip, login or permissions page) ---
  ECMS1001: { zh: '会议微站尚未开启', en: 'The conference microsite is not open' },
  ECMS1002: { zh: '请登录后查看该页面', en: 'Please log in to see this page' },
  ECMS1003: { zh: '您的参会身份无权查看该页面', en: 'This page is not open to your attendee type' },
  // --- railway (spec §8: modal, confirm goes to the train login) ---
  ETRAIN1002: { zh: '12306登录已超时，请重新登录', en: 'Your railway login has timed out, please log in again' },
  // --- input validation ---
  EVAL0001: { zh: '请求参数有误', en: 'The request is not valid' },
  EVAL0002: { zh: '请填写正确的手机号码', en: 'Please fill in a correct mobile number' },
  EVAL0003: { zh: '请填写正确的邮箱', en: 'Please fill in a correct email address' },
  EVAL0004: { zh: '请输入6位数字验证码', en: 'Please enter the 6-digit verification code' },
  EVAL0005: { zh: '请输入用户名', en: 'Please enter your user name' },
  EVAL0006: { zh: '请输入登录密码', en: 'Please enter your login password' },
  EVAL0007: { zh: '请填写正确的证件号码', en: 'Please enter a correct ID number' },
  /** the JS-SDK share signature is only for pages of this app's own H5 origins (H5_ORIGINS) */
  EVAL0008: { zh: '只能为本活动网站的页面生成分享签名', en: 'A share signature is only given for pages of this event site' },
  /** an idempotency key sent again with a different request (server/src/kernel/http/idempotency.ts) */
  EVAL0009: { zh: '重复提交的内容与首次不一致，请刷新后重试', en: 'This retry differs from the first submission, please refresh and try again' },
  // --- system ---
  ESYS0001: { zh: '服务器繁忙，请稍后重试', en: 'The server is busy, please try again later' },
  ESYS0002: { zh: '接口不存在', en: 'This call does not exist' },
  ESYS0003: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please slow down' },
  ESYS0004: { zh: '记录不存在或无权访问', en: 'The record does not exist or is not yours' },
  /** the JS-SDK signature without a valid jsapi_ticket (WeChat off, or not fetched yet: server/src/wechat/credentials.ts) */
  ESYS0005: { zh: '微信功能暂不可用，请稍后再试', en: 'WeChat features are not available right now, please try again later' },
  ...AIR_MESSAGES,
  ...TRAIN_MESSAGES,
  ...EVENTDAY_MESSAGES,
  ...REGISTER_MESSAGES,
  ...NOTIFY_MESSAGES,
  ...UPLOAD_MESSAGES,
  ...ADMIN_MESSAGES,
} as const satisfies Record<string, Record<Lang, string>>

export type MsgId = keyof typeof MESSAGES

/** values for the `{name}` placeholders of a text (ELOG1006 {minutes}, ELOG1011 {seconds} …) */
export type MsgParams = Readonly<Record<string, string | number>>

/** the text of a msgId; a placeholder without a value is left as it is */
export function messageText(id: MsgId, lang: Lang, params?: MsgParams): string {
  const text: string = MESSAGES[id][lang]
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole))
}

/** msgIds the request clients treat specially (spec §8): their own module, which the attendee app imports without the texts */
export { SILENT_MSG_IDS, TOAST_AND_RETURN_MSG_IDS, RAILWAY_TIMEOUT_MSG_IDS, SESSION_EXPIRED_MSG_IDS } from './msg-handling'

/** a msgId of this catalogue (a server answer may carry one this client build does not know) */
export const isMsgId = (s: unknown): s is MsgId => typeof s === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, s)
