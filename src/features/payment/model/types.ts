/**
 * What the payment UI needs from the server, independent of what is being paid (a flight, a
 * train ticket, a change fee). A page maps its own call's answer onto these.
 */

/** WeChat Pay v3 JSAPI client parameters, signed by the server (names as WeChat spells them) */
export interface JsapiPayParams {
  /** the mini-program's or the official account's AppID the prepayment was made for */
  appId: string
  /** seconds since the epoch, as a string */
  timeStamp: string
  nonceStr: string
  /** 'prepay_id=…' */
  package: string
  signType: 'RSA'
  paySign: string
}

/** what creating a WeChat payment gave: parameters to pay in WeChat, or a QR code to scan */
export type PreparedPayment =
  | { kind: 'jsapi'; params: JsapiPayParams }
  | { kind: 'qrCode'; codeUrl: string }
  /** the server already holds this order as paid (a retry after the answer was lost) */
  | { kind: 'alreadyPaid' }

/**
 * The order's payment as the server sees it; the only truth about whether money moved (WeChat's
 * client callback only says the cashier closed).
 * - 'paid': the server has confirmed the payment (notification or query);
 * - 'unpaid': still waiting for the money;
 * - 'closed': the order can no longer be paid (cancelled or past its deadline).
 */
export type ServerPayState = 'paid' | 'unpaid' | 'closed'

/** what the WeChat cashier said when it closed */
export type CashierResult = 'ok' | 'cancel' | 'fail'
