import Taro from '@tarojs/taro'
import { saveSubscriptions } from '@contracts/calls/notices'
import {
  DEMO_TEMPLATE_IDS,
  templateIdsAt,
  templateIdsFrom,
  type SubscribeMoment,
  type SubscribeOrderKind,
  type TemplateIds,
} from '@contracts/subscribe-notices'
import { background } from './request'

/**
 * WeChat subscription messages (docs/wechat.md "Subscription messages"): at a booking, change or
 * refund the mini-program asks for the result notices of that moment, and the server keeps what
 * was accepted for the order. H5 has no such prompt: nothing is asked there.
 *
 * WeChat shows the prompt only from a tap: `askSubscriptions` must run in the tap handler before
 * its first await. Whatever the answer (accept, reject, ban, an error), the submit goes on.
 */

/** the mini-program's templates: TARO_APP_WX_SUBSCRIBE_TEMPLATES at build time (the server's WX_SUBSCRIBE_TEMPLATES), else the demo's */
function buildTemplateIds(): TemplateIds {
  try {
    return templateIdsFrom(process.env.TARO_APP_WX_SUBSCRIBE_TEMPLATES)
  } catch {
    return DEMO_TEMPLATE_IDS
  }
}
const TEMPLATE_IDS = buildTemplateIds()

/** asks for the moment's notices (weapp only); resolves the accepted template ids, never rejects */
export function askSubscriptions(moment: SubscribeMoment): Promise<string[]> {
  if (process.env.TARO_ENV !== 'weapp') return Promise.resolve([])
  const tmplIds = templateIdsAt(moment, TEMPLATE_IDS)
  try {
    return Taro.requestSubscribeMessage({ tmplIds } as Taro.requestSubscribeMessage.Option).then(
      (answer) => tmplIds.filter((id) => (answer as unknown as Record<string, unknown>)[id] === 'accept'),
      () => [],
    )
  } catch {
    // an old base library without the API
    return Promise.resolve([])
  }
}

/**
 * Tells the server what was accepted for an order, with a wx.login code for the attendee's openid.
 * In the background: nothing is shown whatever happens (without it the notices go by SMS).
 */
export async function keepSubscriptions(orderKind: SubscribeOrderKind, orderId: number, moment: SubscribeMoment, accepted: string[]): Promise<void> {
  if (!accepted.length) return
  try {
    const { code } = await Taro.login()
    if (code) await background(saveSubscriptions, { orderKind, orderId, moment, templateIds: accepted, wxCode: code })
  } catch {
    // no code (offline, WeChat refusing): the notices go by SMS
  }
}
