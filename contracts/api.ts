/**
 * Paths and shapes of the calls of spec §7 that are built so far. The client sends
 * `{...request, funcModule, funcOperation}` (funcModule/funcOperation are labels for logs and
 * audit; the path alone selects the handler).
 */
import type { EventInfo, LoginExtraField, LoginMode, UserInfo } from './event'

export const API = {
  guestLogin: '/api/guest/login',
  getUser: '/api/getUser',
  updateUser: '/api/user',
  /**
   * Sends a login verification code by SMS or e-mail. Spec §7 has no call named "send code";
   * signupContact/getSignupContactMessage ("get a message for a signup contact") is the one that
   * fits, so it carries this job: body { channel, mobile | email, eventCode }.
   */
  sendCode: '/api/register/signupContact/getSignupContactMessage',
  eventGet: '/api/biz/cmsEventInfo/get',
  eventByHash: '/api/biz/cmsEventInfo/getEventByHash',
  appearance: '/api/register/signupExterior/get',
  addPageView: '/api/register/meetingPageView/addPageView',
  wxSign: '/api/wx/officialAccounts/sign',
  dictListItem: '/api/sys/dict/listItem',
  cityTree: '/api/base/comCitys/treeList',
} as const

export type ApiPath = (typeof API)[keyof typeof API]

// ---- auth ----
export interface SendCodeRequest {
  channel: 'sms' | 'email'
  mobile?: string
  email?: string
  eventCode: string
}
export interface SendCodeResponse {
  /** seconds before another code may be requested */
  resendAfter: number
  /** masked destination, e.g. 138****8000 */
  sentTo: string
}

export interface LoginRequest {
  loginType: LoginMode
  eventCode: string
  mobile?: string
  email?: string
  code?: string
  userName?: string
  password?: string
  idNumber?: string
  visitingCode?: string
  roomNumber?: string
}
export interface LoginResponse {
  token: string
  /** md5 of the token, stored beside it (spec §3 "guest token md5") */
  tokenMd5: string
  /** ISO 8601 */
  expiresAt: string
  user: UserInfo
}

export type GetUserResponse = UserInfo
export interface UpdateUserRequest {
  name?: string
  company?: string
}

// ---- event ----
export interface EventGetRequest { eventCode: string }
export interface EventByHashRequest { eventHashCode: string }
export type EventResponse = EventInfo & { extraFieldsRequired?: LoginExtraField[] }

export interface AppearanceRequest { eventCode: string }
export interface AppearanceResponse {
  shareTitle: string
  shareSubTitle: string
  sharePic: string
  /** theme colour of the event, #rrggbb */
  themeColor: string
  bannerUrl: string
}

export interface AddPageViewRequest {
  eventHashCode: string
  /** route name or page title */
  type: string
  viewWay: 'H5' | 'WEAPP'
}

export interface WxSignRequest { url: string }
export interface WxSignResponse {
  appId: string
  timestamp: number
  noncestr: string
  signature: string
}

// ---- dictionaries and cities ----
export interface DictListItemRequest { dictCode: string }
export interface DictItem { value: string; labelZh: string; labelEn: string; sort: number }

export interface CityTreeRequest {
  /** '' or absent: provinces; a province code: its cities; a city code: its districts */
  parentCode?: string
  /** 1 provinces only, 2 with cities, 3 with districts (only without parentCode) */
  depth?: 1 | 2 | 3
}
export interface CityNode { code: string; name: string; children?: CityNode[] }
