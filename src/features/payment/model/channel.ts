/**
 * How this attendee can pay with WeChat Pay (WeChat Pay v3 trade types):
 * - 'miniProgram': inside the mini-program, `Taro.requestPayment` with JSAPI parameters;
 * - 'wechatBrowser': the H5 page opened inside WeChat, the JS-SDK's `chooseWXPay` with JSAPI
 *   parameters (signed for the official account);
 * - 'qrCode': any other browser: a Native-pay `code_url` shown as a QR code to scan with WeChat.
 */
export type PayChannel = 'miniProgram' | 'wechatBrowser' | 'qrCode'

/** the WeChat Pay v3 trade type the server must create the prepayment with, per channel */
export const TRADE_TYPE: Record<PayChannel, 'JSAPI' | 'NATIVE'> = {
  miniProgram: 'JSAPI',
  wechatBrowser: 'JSAPI',
  qrCode: 'NATIVE',
}

export function payChannelOf(env: string | undefined, userAgent: string | undefined): PayChannel {
  if (env === 'weapp') return 'miniProgram'
  if (userAgent && /MicroMessenger/i.test(userAgent)) return 'wechatBrowser'
  return 'qrCode'
}

/** the channel of the running app */
export function currentPayChannel(): PayChannel {
  return payChannelOf(process.env.TARO_ENV, typeof navigator !== 'undefined' ? navigator.userAgent : undefined)
}
