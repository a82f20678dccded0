import Taro from '@tarojs/taro'
import { signShareUrl } from '@contracts/calls/event'
import { callResult } from '@/lib/request'
import { signUrl } from '@/lib/share'
import { configureJsSdk } from '@/lib/wechat-jssdk'
import type { PayChannel } from '../model/channel'
import type { CashierResult, JsapiPayParams } from '../model/types'

/**
 * Opens WeChat's cashier with JSAPI parameters and says how it closed. What it says is only a
 * hint: whether money moved is the server's to say (hooks/useWeChatPay polls it either way).
 */
export function openCashier(channel: Exclude<PayChannel, 'qrCode'>, params: JsapiPayParams): Promise<CashierResult> {
  return channel === 'miniProgram' ? requestPaymentInMiniProgram(params) : chooseWXPayInWeChatBrowser(params)
}

/** WeChat reports a user cancel as 'requestPayment:fail cancel' (JS-SDK: 'chooseWXPay:cancel') */
export const isCancel = (errMsg: unknown): boolean => typeof errMsg === 'string' && /cancel/i.test(errMsg)

async function requestPaymentInMiniProgram(p: JsapiPayParams): Promise<CashierResult> {
  try {
    await Taro.requestPayment({
      timeStamp: p.timeStamp,
      nonceStr: p.nonceStr,
      package: p.package,
      signType: p.signType,
      paySign: p.paySign,
    })
    return 'ok'
  } catch (e) {
    return isCancel((e as { errMsg?: string } | undefined)?.errMsg) ? 'cancel' : 'fail'
  }
}

/**
 * H5 inside WeChat: the JS-SDK must be configured for this page's address (signature from the
 * server, as for the share card) with chooseWXPay allowed, then the cashier opens.
 */
async function chooseWXPayInWeChatBrowser(p: JsapiPayParams): Promise<CashierResult> {
  // a constant condition at build time: webpack drops the block, and the JS-SDK with it, from the
  // mini-program bundle (an early return would still pull the import in)
  if (process.env.TARO_ENV === 'h5') {
    const signed = await callResult(signShareUrl, { url: signUrl(window.location.href) }).catch(() => null)
    if (!signed || signed.kind !== 'data') return 'fail'
    const wx = await configureJsSdk(signed.data, ['chooseWXPay'])
    return new Promise<CashierResult>((resolve) => {
      let settled = false
      const settle = (r: CashierResult) => {
        if (!settled) {
          settled = true
          resolve(r)
        }
      }
      wx.error(() => settle('fail'))
      wx.ready(() => {
        wx.chooseWXPay({
          // the JS-SDK spells it in lower case and wants a number (WeChat's own note)
          timestamp: Number(p.timeStamp),
          nonceStr: p.nonceStr,
          package: p.package,
          signType: p.signType,
          paySign: p.paySign,
          success: () => settle('ok'),
          cancel: () => settle('cancel'),
          fail: (res: { errMsg?: string }) => settle(isCancel(res?.errMsg) ? 'cancel' : 'fail'),
        })
      })
    })
  }
  return 'fail'
}
