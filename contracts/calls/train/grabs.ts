/**
 * Grab requests: when a train is sold out ("no tickets left"), the offer to grab seats that come
 * back.
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall, type EmptyRequest } from '../../call'
import type { SeatType } from '../../train'
import type { OrderPassengerInput } from './orders'
import type { StationRef } from './search'

/**
 * pending: waiting for seats; fulfilled: seats came back and an order was made (orderId, to pay
 * before its deadline; the attendee gets an SMS); expired: the train left or the request's end
 * passed without seats; canceled: by the attendee.
 */
export type GrabStatus = 'pending' | 'fulfilled' | 'expired' | 'canceled'

export interface SaveGrabRequest {
  idempotencyKey: string
  trainCode: string
  date: string
  fromStationCode: string
  toStationCode: string
  /** the seat classes the attendee accepts, 1 or more, first choice first */
  seatTypes: SeatType[]
  passengers: OrderPassengerInput[]
  contactName: string
  contactMobile: string
  agreed: boolean
  overPolicyReason?: string
}
export interface GrabView {
  id: number
  status: GrabStatus
  trainCode: string
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departAt: string
  seatTypes: SeatType[]
  passengerNames: string[]
  contactMobile: string
  /** the order made when seats came back; null until then */
  orderId: number | null
  createdAt: string
}
/**
 * Leave a grab request for a sold-out train (beyond spec §7: spec §8 suggests grabbing when no
 * tickets are left, and no spec call takes it). Checked like orderInfo/save, every class of it
 * (each sold out, else ETRAIN1051; each within the policy or with the reason it asks for); when
 * seats come back the request becomes a toBePaid order in the first class that has them, in the
 * attendee's order, and an SMS tells the contact mobile. At the train rules'
 * grabStopsMinutesBeforeDeparture before departure a request still waiting expires, and an SMS
 * says so.
 */
export const saveGrabRequest = defineCall<SaveGrabRequest, GrabView>({
  path: '/api/train/grabOrder/save',
  auth: 'required',
})

/** the attendee's grab requests, newest first (beyond spec §7: the screen that shows a grab waiting) */
export const listGrabRequests = defineCall<EmptyRequest, GrabView[]>({
  path: '/api/train/grabOrder/list',
  auth: 'required',
})

export interface GrabIdRequest {
  grabId: number
}
/** withdraw a pending grab request (beyond spec §7: a request must be withdrawable); others ETRAIN1050 */
export const cancelGrabRequest = defineCall<GrabIdRequest, GrabView>({
  path: '/api/train/grabOrder/cancel',
  auth: 'required',
})
