import Taro from '@tarojs/taro'
import { signShareUrl } from '@contracts/calls/event'
import { callResult } from '@/lib/request'
import { signUrl } from '@/lib/share'
import type { PayerCode } from '@contracts/wx-code'
import type { PayChannel } from '../model/channel'

/**
 * A JSAPI payment is made for one payer: the server exchanges a one-time WeChat code for the
 * payer's openid. The mini-program gets the code from wx.login; H5 inside WeChat from the
 * official account's OAuth (snsapi_base: silent, no consent screen), which comes back to this
 * page with ?code=…&state=wxpay. A QR-code payment needs none (''). The two kinds of code are
 * exchanged at different WeChat endpoints and pay under different AppIDs, so the request says
 * which it is (`wxCodeSource`, contracts/wx-code.ts).
 *
 * Resolves null when the page is leaving for the OAuth step (it comes back, and the attendee
 * presses pay again).
 */
export const OAUTH_STATE = 'wxpay'

export async function wxCodeFor(channel: PayChannel): Promise<PayerCode | null> {
  if (channel === 'qrCode') return { wxCode: '' }
  if (channel === 'miniProgram') {
    const r = await Taro.login()
    return { wxCode: r.code, wxCodeSource: 'miniProgram' }
  }
  if (process.env.TARO_ENV !== 'h5') return { wxCode: '' }
  const url = new URL(window.location.href)
  const code = url.searchParams.get('code')
  if (code && url.searchParams.get('state') === OAUTH_STATE) {
    // a code is good once: drop it from the address so a reload does not send it again
    url.searchParams.delete('code')
    url.searchParams.delete('state')
    window.history.replaceState(window.history.state, '', url.toString())
    return { wxCode: code, wxCodeSource: 'officialAccount' }
  }
  const signed = await callResult(signShareUrl, { url: signUrl(window.location.href) })
  if (signed.kind !== 'data') return { wxCode: '' }
  const back = encodeURIComponent(window.location.href)
  window.location.href =
    `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${signed.data.appId}&redirect_uri=${back}` +
    `&response_type=code&scope=snsapi_base&state=${OAUTH_STATE}#wechat_redirect`
  return null
}
