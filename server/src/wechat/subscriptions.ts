/**
 * Keeping what the attendee accepted when the mini-program asked for subscription messages
 * (saveSubscriptions, docs/wechat.md "Subscription messages"): one row per accepted template, for
 * the caller's own order, with the attendee's openid learnt from the wx.login code sent with it.
 * Nothing is kept (and every notice goes by SMS) when subscription messages are off, no template
 * of the moment was accepted, or the code gives no openid.
 */
import type { SaveSubscriptionsRequest, SaveSubscriptionsResponse } from '@contracts/calls/notices'
import { kindsAt } from '@contracts/subscribe-notices'
import type { Deps } from '../deps'
import type { Queryable } from '../kernel/db/client'
import { airOrders, trainOrders } from '../kernel/db/schema'
import { loadOwned, type Owner } from '../kernel/db/owned'
import { addSubscriptions, deleteEndedSubscriptions } from './repositories/subscriptions'
import { subscriptionCutoffs } from './rules/subscription-rules'

const ORDER_TABLES = { train: trainOrders, flight: airOrders } as const

export async function saveSubscriptions(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'wechatPay'>,
  owner: Owner,
  req: SaveSubscriptionsRequest,
): Promise<SaveSubscriptionsResponse> {
  await loadOwned(deps.db, ORDER_TABLES[req.orderKind], req.orderId, owner)
  const { provider, templateIds } = deps.config.wechatSubscribe
  const kinds = kindsAt(req.moment).filter((k) => req.templateIds.includes(templateIds[k]))
  const gateway = deps.wechatPay.gateway
  if (provider === 'off' || !kinds.length || !gateway) return { kinds: [] }
  // WeChat is asked with no transaction open; a refused code (used, of another app) keeps nothing
  const payer = await gateway.payerFromCode(req.wxCode, 'miniProgram')
  if (!payer) return { kinds: [] }
  const now = deps.now()
  await addSubscriptions(
    deps.db,
    kinds.map((kind) => ({
      userId: owner.userId,
      orderKind: req.orderKind,
      orderId: req.orderId,
      kind,
      templateId: templateIds[kind],
      appId: payer.appId,
      openid: payer.openid,
      createdAt: now,
    })),
  )
  return { kinds }
}

/** the cleanup job's part: the rows, and their openids, past their keeping; answers how many */
export const deleteSubscriptionsPastKeeping = (q: Queryable, now: Date): Promise<number> => deleteEndedSubscriptions(q, subscriptionCutoffs(now))
