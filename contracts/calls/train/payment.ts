/**
 * Paying a train order (paymentPage): by the company at once, or by WeChat Pay; then ticketing,
 * which the "ticketing in progress" page follows.
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall } from '../../call'
import type { WxCodeSource } from '../../wx-code'
import type { OrderPayView } from '../flight/pay'
import type { OrderIdRequest, TrainOrderView } from './orders'

export interface PayOrderRequest {
  orderId: number
  idempotencyKey: string
}
/**
 * The company pays (paymentPage): the order moves to `ticketing` at once and the railway starts
 * issuing. Not payable (paid already, cancelled, overdue): ETRAIN1040; past the deadline by a
 * second: ETRAIN1042; the event has no company payment: ETRAIN1043.
 */
export const payOnBusiness = defineCall<PayOrderRequest, TrainOrderView>({
  path: '/api/train/orderInfo/payOnBusiness',
  auth: 'required',
})

export interface PaymentOrderRequest extends PayOrderRequest {
  /**
   * JSAPI: inside WeChat (mini-program or the WeChat browser): the answer carries the signed
   * parameters for Taro.requestPayment / WeixinJSBridge; NATIVE: elsewhere: a code_url to show as
   * a QR code for WeChat to scan (the payments core, contracts/calls/flight.ts CreateOrderPayRequest)
   */
  tradeType: 'JSAPI' | 'NATIVE'
  /** JSAPI only: the code from wx.login (mini-program) or WeChat's OAuth redirect (H5); '' for NATIVE */
  wxCode: string
  /** which kind of code wxCode is (contracts/wx-code.ts); absent: a wx.login code */
  wxCodeSource?: WxCodeSource
  /**
   * pay the fare difference of this change (the order's `changeToPay.changeId`, status
   * changeToProcess) instead of the order itself; absent for the order's own payment. The change's
   * deadline applies (ETRAIN1042 past it); a change not waiting for money: ETRAIN1040.
   */
  changeId?: number
}
export interface PaymentStart {
  order: TrainOrderView
  /** the payment opened (or the one already open for this order: never two) */
  payment: OrderPayView
}
/**
 * The attendee pays by WeChat Pay (spec §7 paymentOrder): opens a payment of the order's total
 * through the payments core (one open payment per order, the same for every retry). The order
 * becomes `ticketing` when WeChat's notification arrives (askOrderTicket / getTrainOrderInfo show
 * it); money that arrives after the deadline is refunded, never ticketed. Not payable: ETRAIN1040;
 * past the deadline: ETRAIN1042; the event does not let attendees pay: ETRAIN1044.
 */
export const paymentOrder = defineCall<PaymentOrderRequest, PaymentStart>({
  path: '/api/train/orderInfo/paymentOrder',
  auth: 'required',
})

/**
 * How ticketing goes (the "ticketing in progress" page polls it every few seconds): the order
 * with its status (ticketing → issued or failed). Asking also checks the railway's answer, so a
 * result never waits for a background run.
 */
export const askOrderTicket = defineCall<OrderIdRequest, TrainOrderView>({
  path: '/api/train/orderInfo/askOrderTicket',
  auth: 'required',
})
