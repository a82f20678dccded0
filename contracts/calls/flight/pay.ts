/**
 * Paying an air order: by the company account, or by WeChat Pay (QR code outside WeChat, JSAPI
 * inside), whose signed notification the server receives.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import { defineCall } from '../../call'
import type { WxCodeSource } from '../../wx-code'
import type { AirOrderView } from './booking'

export interface PayRequest {
  orderId: number
  /** made once per pay intent and reused on retry */
  idempotencyKey: string
}
/**
 * The company pays (spec /api/flight/pay/payOnBusiness; named payFlightOnBusiness here because the
 * train's payOnBusiness shares the export name space of contracts/calls): only when the event lets the company pay this order
 * (payMethods holds 'company'); the order goes to awaitingIssue and ticketing starts. Paying an
 * order that is already paid answers it unchanged; an order past its deadline: EAIR1020.
 */
export const payFlightOnBusiness = defineCall<PayRequest, AirOrderView>({ path: '/api/flight/pay/payOnBusiness', auth: 'required' })

export interface CreateOrderPayRequest extends PayRequest {
  /**
   * JSAPI: inside WeChat (mini-program or the WeChat browser), the answer carries the signed
   * parameters for wx.requestPayment / WeixinJSBridge; NATIVE: elsewhere, the answer carries a
   * code_url to show as a QR code for WeChat to scan.
   */
  tradeType: 'JSAPI' | 'NATIVE'
  /**
   * JSAPI only: the code from wx.login (mini-program) or the WeChat OAuth redirect (H5), which
   * the server exchanges for the payer's openid; '' for NATIVE
   */
  wxCode: string
  /** which kind of code wxCode is (contracts/wx-code.ts); absent: a wx.login code */
  wxCodeSource?: WxCodeSource
}
/** the parameters wx.requestPayment / WeixinJSBridge 'getBrandWCPayRequest' take, signed by the server */
export interface JsapiPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  /** 'prepay_id=…' */
  package: string
  signType: 'RSA'
  paySign: string
}
export interface OrderPayView {
  /** our payment number (WeChat's out_trade_no) */
  paymentNo: string
  tradeType: 'JSAPI' | 'NATIVE'
  amountFen: number
  /** when WeChat stops accepting this payment (the order's payDeadline) */
  expiresAt: string
  /** JSAPI only */
  jsapi: JsapiPayParams | null
  /** NATIVE only: to show as a QR code (in the sandbox an address of its confirmation page) */
  codeUrl: string
}
/**
 * Opens a WeChat Pay payment of the order's total (or returns the one already open for it: the
 * attendee is never charged twice). The order moves on when WeChat notifies orderPayNotify or,
 * failing that, when the server asks WeChat; the client follows with findOrderDetails.
 */
export const createOrderPay = defineCall<CreateOrderPayRequest, OrderPayView>({ path: '/api/flight/pay/createOrderPay', auth: 'required' })

/**
 * WeChat Pay v3's payment notification (POSTed by WeChat to our notify URL, not by the app). Its
 * body as WeChat sends it; headers Wechatpay-Signature, -Timestamp, -Nonce, -Serial carry the
 * platform signature. Answered by HTTP status as WeChat requires (204 accepted; 4xx/5xx with
 * { code: 'FAIL', message } to be sent again), not by the app's envelope. One notify URL for
 * every kind of order (train, flight, flight change): the payment says which order it pays.
 */
export interface WechatPayNotification {
  id: string
  create_time: string
  event_type: string
  resource_type: string
  summary: string
  resource: {
    algorithm: string
    ciphertext: string
    associated_data?: string
    original_type: string
    nonce: string
  }
}
export const orderPayNotify = defineCall<WechatPayNotification, null>({ path: '/api/flight/pay/orderPayNotify', auth: 'none' })
