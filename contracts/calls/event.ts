/** The event, its appearance, page views and the share signature (spec §7 "Event/CMS", share, app start). */
import { defineCall } from '../call'
import type { EventInfo, LoginExtraField } from '../event'

export type EventResponse = EventInfo & { extraFieldsRequired?: LoginExtraField[] }

/** public: the entry page needs the event (dates, login modes) before anyone logs in */
export const getEvent = defineCall<{ eventCode: string }, EventResponse>({ path: '/api/biz/cmsEventInfo/get', auth: 'none' })
export const getEventByHash = defineCall<{ eventHashCode: string }, EventResponse>({
  path: '/api/biz/cmsEventInfo/getEventByHash',
  auth: 'none',
})

export interface AppearanceResponse {
  shareTitle: string
  shareSubTitle: string
  sharePic: string
  /** theme colour of the event, #rrggbb */
  themeColor: string
  bannerUrl: string
}
/** the event's appearance settings (spec §3 "event settings"): share card texts and picture */
export const getAppearance = defineCall<{ eventCode: string }, AppearanceResponse>({
  path: '/api/register/signupExterior/get',
  auth: 'none',
})

export interface AddPageViewRequest {
  eventHashCode: string
  /** route name or page title */
  type: string
  viewWay: 'H5' | 'WEAPP'
}
/** a page view after each navigation (spec §2); a logged-in caller's view is tied to them */
export const addPageView = defineCall<AddPageViewRequest, null>({
  path: '/api/register/meetingPageView/addPageView',
  auth: 'optional',
})

export interface WxSignRequest {
  url: string
}
export interface WxSignResponse {
  appId: string
  timestamp: number
  noncestr: string
  signature: string
}
/** WeChat JS-SDK signature for the H5 share card (spec §7 app start) */
export const signShareUrl = defineCall<WxSignRequest, WxSignResponse>({ path: '/api/wx/officialAccounts/sign', auth: 'none' })
