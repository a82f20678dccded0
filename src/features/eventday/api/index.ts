/**
 * The event-day calls, one fetcher each (contracts/calls/eventday.ts, orders.ts). Check-in is sent
 * with callResult-free `request` semantics through the one client: its errors (spec §5 scan
 * messages) are toasted there; the offline queue tells a network failure apart by RequestError.kind.
 */
import {
  checkIn,
  getAttendanceCode,
  getCheckinStatus,
  getDesignPage,
  getEventDayInfo,
  getTableSeat,
  getTravelRules,
  listColleagues,
  saveFeedback,
  type CheckinRequest,
  type DesignPageRequest,
  type FeedbackRequest,
} from '@contracts/calls/eventday'
import { pageBusinessOrders, pageOrders, type PageOrderRequest } from '@contracts/calls/orders'
import { call } from '@/lib/request'

export const fetchEventDayInfo = (eventCode: string) => call(getEventDayInfo, { eventCode })
export const sendCheckin = (body: CheckinRequest) => call(checkIn, body)
export const fetchCheckinStatus = () => call(getCheckinStatus, {})
export const fetchAttendanceCode = () => call(getAttendanceCode, {})
export const sendFeedback = (body: FeedbackRequest) => call(saveFeedback, body)
export const fetchColleagues = () => call(listColleagues, {})
export const fetchTableSeat = () => call(getTableSeat, {})
export const fetchDesignPage = (body: DesignPageRequest) => call(getDesignPage, body)
export const fetchTravelRules = () => call(getTravelRules, {})
export const fetchOrders = (body: PageOrderRequest, companyOnly: boolean) => call(companyOnly ? pageBusinessOrders : pageOrders, body)
