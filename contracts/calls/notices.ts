/**
 * WeChat subscription messages (docs/wechat.md "Subscription messages"): what the attendee
 * accepted when the mini-program asked (wx.requestSubscribeMessage at a booking, change or
 * refund), kept on the server for the order's result notices.
 */
import { defineCall } from '../call'
import type { NoticeKind, SubscribeMoment, SubscribeOrderKind } from '../subscribe-notices'

export interface SaveSubscriptionsRequest {
  orderKind: SubscribeOrderKind
  /** the caller's order the notices are about */
  orderId: number
  /** when it was asked: the kinds of that moment are the only ones kept */
  moment: SubscribeMoment
  /** the template ids WeChat answered 'accept' for (1 to 3) */
  templateIds: string[]
  /** a wx.login code: the server learns the attendee's openid from it */
  wxCode: string
}

export interface SaveSubscriptionsResponse {
  /** the notices that will reach the attendee through WeChat (one send each); [] when none can */
  kinds: NoticeKind[]
}

/** beyond spec §7: WeChat's subscription messages came after it. Sent in the background (no loading indicator) */
export const saveSubscriptions = defineCall<SaveSubscriptionsRequest, SaveSubscriptionsResponse>({
  path: '/api/wx/subscribeMessage/save',
  auth: 'required',
  loading: false,
})
