/** WeChat Pay v3 as our server uses it: the calls, the resources, and where the keys come from. */
import type { WxCodeSource } from '@contracts/wx-code'
import type { TradeBill } from './trade-bill'

/** a JSAPI payer: their openid, which is per AppID, and that AppID */
export interface Payer {
  openid: string
  appId: string
}

/** a transaction as WeChat's query answers it and its notification carries it (the fields we read) */
export interface WxTransaction {
  appid: string
  mchid: string
  out_trade_no: string
  transaction_id?: string
  trade_type?: string
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR */
  trade_state: string
  trade_state_desc?: string
  success_time?: string
  payer?: { openid?: string }
  /** 商户数据包: what the merchant sent when it made the payment (queries, notifications and the trade bill hand it back) */
  attach?: string
  amount?: { total: number; payer_total?: number; currency?: string; payer_currency?: string }
}

/** a refund as WeChat answers it and its refund notification carries it */
export interface WxRefund {
  refund_id: string
  out_refund_no: string
  out_trade_no: string
  transaction_id?: string
  /** SUCCESS, CLOSED, PROCESSING, ABNORMAL */
  status: string
  /** when WeChat accepted it: the trade bill lists a refund on this day */
  create_time?: string
  success_time?: string
  amount: { refund: number; total: number; currency?: string }
}

export interface CreatePayment {
  outTradeNo: string
  description: string
  amountFen: number
  expiresAt: Date
  notifyUrl: string
  /** JSAPI: the payer's openid */
  openid?: string
  /** 商户数据包 (at most 128 characters): ours, handed back in the trade bill (the event a payment is of) */
  attach?: string
  /** H5: the payer's address */
  payerIp?: string
}

/** what went wrong at WeChat: its error code (ORDERPAID, ORDER_NOT_EXIST, SYSTEM_ERROR …) and HTTP status */
export class WechatPayError extends Error {
  name = 'WechatPayError'
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }
}

/** the WeChat Pay calls the payments service makes */
export interface WechatPayGateway {
  readonly appId: string
  readonly mchId: string
  /** appId: the payer's AppID (payerFromCode): the mini-program's unless said */
  createJsapi(p: CreatePayment & { openid: string; appId?: string }): Promise<{ prepayId: string }>
  createNative(p: CreatePayment): Promise<{ codeUrl: string }>
  createH5(p: CreatePayment & { payerIp: string }): Promise<{ h5Url: string }>
  /** null when WeChat does not know it (ORDER_NOT_EXIST) */
  query(outTradeNo: string): Promise<WxTransaction | null>
  close(outTradeNo: string): Promise<void>
  refund(p: { outTradeNo: string; outRefundNo: string; amountFen: number; totalFen: number; reason: string; notifyUrl: string }): Promise<WxRefund>
  queryRefund(outRefundNo: string): Promise<WxRefund | null>
  /** the ALL trade bill of a China day 'YYYY-MM-DD', downloaded, checked against its hash and read */
  tradeBill(billDate: string): Promise<TradeBill>
  /** the JSAPI client parameters for a prepay_id, signed with the merchant key, for the payer's AppID (default the mini-program's) */
  jsapiParams(
    prepayId: string,
    now: Date,
    appId?: string,
  ): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string }
  /**
   * the official account's AppID when H5 inside WeChat may pay (its OAuth codes are exchanged);
   * null: only the mini-program pays by JSAPI
   */
  readonly officialAccountAppId: string | null
  /**
   * the payer from a one-time code: a wx.login code (mini-program) or an OAuth code (H5 in the
   * official account), exchanged at that source's endpoint; the openid is the payer's in `appId`,
   * the AppID the JSAPI payment must then be made and signed with. null: WeChat refuses the code
   * (invalid, used, or of the other kind), or that source is not configured.
   */
  payerFromCode(code: string, source: WxCodeSource): Promise<Payer | null>
  /**
   * checks a notification (headers and the raw body exactly as received) and decrypts its
   * resource; what is wrong with it otherwise
   */
  openNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): { ok: true; id: string; eventType: string; resource: Record<string, unknown> } | { ok: false; problem: string }
}
