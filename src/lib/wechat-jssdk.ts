import type { WxSignResponse } from '@contracts/calls/event'

/**
 * WeChat's JS-SDK, for H5 pages opened inside WeChat's browser: the share card (lib/share.ts),
 * the cashier (features/payment) and the QR scanner (features/eventday) all configure it the
 * same way, here. Callers keep their own `process.env.TARO_ENV === 'h5'` block around the call:
 * that constant condition lets webpack drop the SDK from the mini-program bundle.
 */

export const inWeChatBrowser = (): boolean => process.env.TARO_ENV === 'h5' && typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent)

type JsApi = NonNullable<Parameters<typeof import('weixin-js-sdk').default.config>[0]['jsApiList']>

/** loads the JS-SDK and configures it for this page with the server's signature (signShareUrl) */
export async function configureJsSdk(sign: WxSignResponse, jsApiList: JsApi) {
  // the same constant condition here: without it the mini-program bundle would carry the SDK
  if (process.env.TARO_ENV === 'h5') {
    const wx = (await import('weixin-js-sdk')).default
    wx.config({
      debug: false,
      appId: sign.appId,
      timestamp: sign.timestamp,
      nonceStr: sign.noncestr,
      signature: sign.signature,
      jsApiList,
    })
    return wx
  }
  throw new Error('the JS-SDK is for H5 pages only')
}
