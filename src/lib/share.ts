import Taro from '@tarojs/taro'
import { getAppearance, signShareUrl, type AppearanceResponse, type WxSignResponse } from '@contracts/calls/event'
import { appState } from '@/store'
import { call, callResult } from './request'
import { loadEvent } from './event'
import { configureJsSdk, inWeChatBrowser } from './wechat-jssdk'

/**
 * App start (spec §7): share signature, then appearance by event code, then the share card.
 * Nothing here may block or break the app: every failure is swallowed after logging.
 */

/** the signed URL: the page address without its fragment (the JS-SDK's own rule) */
export function signUrl(href: string): string {
  return href.split('#')[0]
}

function setMeta(name: string, content: string, attr: 'name' | 'property' = 'name'): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`)
  if (!el) {
    el = document.createElement('meta')
    el.setAttribute(attr, name)
    document.head.appendChild(el)
  }
  el.setAttribute('content', content)
}

/** H5 outside WeChat: what a link preview reads */
export function applyShareMeta(a: AppearanceResponse, link: string): void {
  setMeta('description', a.shareSubTitle)
  setMeta('og:title', a.shareTitle, 'property')
  setMeta('og:description', a.shareSubTitle, 'property')
  setMeta('og:image', a.sharePic, 'property')
  setMeta('og:url', link, 'property')
}

async function configureWeChatH5(sign: WxSignResponse, a: AppearanceResponse, link: string): Promise<void> {
  // a constant condition at build time: the mini-program bundle leaves the JS-SDK out entirely
  if (process.env.TARO_ENV === 'h5') {
    const wx = await configureJsSdk(sign, ['updateAppMessageShareData', 'updateTimelineShareData', 'scanQRCode'])
    wx.ready(() => {
      const card = { title: a.shareTitle, desc: a.shareSubTitle, link, imgUrl: a.sharePic }
      const done = () => undefined
      wx.updateAppMessageShareData({ ...card, success: done })
      wx.updateTimelineShareData({ ...card, success: done })
    })
  }
}

export async function initShare(): Promise<void> {
  try {
    const { eventHashCode } = appState()
    const env = process.env.TARO_ENV
    const href = env === 'h5' ? window.location.href : ''
    let sign: WxSignResponse | null = null
    if (env === 'h5') {
      const r = await callResult(signShareUrl, { url: signUrl(href) })
      sign = r.kind === 'data' ? r.data : null
    }
    // an address with only ehc: the event code comes with the event
    const eventCode = appState().eventCode ?? (eventHashCode ? (await loadEvent({ eventHashCode }))?.eventCode : null)
    if (!eventCode) return
    const appearance = await call(getAppearance, { eventCode })
    appState().setAppearance(appearance)
    if (env === 'weapp') {
      Taro.showShareMenu({ withShareTicket: false, showShareItems: ['wechatFriends', 'wechatMoment'] })
    } else if (env === 'h5') {
      if (inWeChatBrowser() && sign) await configureWeChatH5(sign, appearance, href)
      else applyShareMeta(appearance, href)
    }
  } catch (e) {
    // the share card is a nicety: the app goes on without it
    console.warn('share setup failed', e)
  }
}
