/**
 * An order's result notice (ticket issued, ticketing failed, change result, refund result): by
 * WeChat subscription message when the attendee accepted one for this order and kind, else by the
 * SMS the domain sends today (docs/wechat.md "Subscription messages").
 *
 * `queueNotice` runs in the transaction that settles the result: it takes (marks used) the oldest
 * unused subscription and enqueues the message job, or enqueues the SMS job instead; a rolled-back
 * result sends nothing and uses nothing. The message job sends with no transaction open; when
 * WeChat answers that it cannot deliver (the attendee refused, no accept left), it enqueues the
 * same SMS.
 */
import type { Lang } from '@contracts/messages'
import { type NoticeKind, type NoticeValues, type SubscribeOrderKind } from '@contracts/subscribe-notices'
import { userLang } from '../auth/repositories/users'
import type { Tx } from '../kernel/db/client'
import { ensureJob } from '../kernel/jobs/repository'
import { callingJob, type JobHandler } from '../kernel/jobs/runner'
import { eventCodesOf, takeSubscription } from './repositories/subscriptions'
import { templateData, type TemplateData } from './rules/notice-fields'
import type { SubscribeMessage, SubscribeSendResult } from './subscribe/types'

export const SUBSCRIBE_MESSAGE_JOB = 'wechat.subscribeMessage'

/** a job to enqueue: the SMS that tells the same as the message */
export interface FallbackJob {
  kind: string
  key: string
  payload: Record<string, unknown>
}

export interface OrderNotice {
  userId: number
  /** the order's event: the page a message opens carries its codes, as every page address does */
  eventId: number
  orderKind: SubscribeOrderKind
  orderId: number
  kind: NoticeKind
  /** one notice, one key (the message job's and, by the domain, its SMS job's) */
  key: string
  /** the notice's words in the attendee's language */
  values: (lang: Lang) => NoticeValues
  /** the SMS job sent instead; null: this notice has no SMS (it reaches the attendee only by WeChat, or on the order page) */
  fallback: FallbackJob | null
}

/** the mini-program page a message opens: the order */
const ORDER_PAGES: Record<SubscribeOrderKind, string> = {
  train: 'pages/trainTicket/orderDetailsPage/index',
  flight: 'pages/airTicket/airOrderDetails/index',
}

interface MessagePayload extends SubscribeMessage {
  fallback: FallbackJob | null
}

/** in the settling transaction: the subscription message if one was accepted, else the SMS; what was enqueued */
export async function queueNotice(tx: Tx, n: OrderNotice, now: Date): Promise<'wechat' | 'sms' | 'none'> {
  const sub = await takeSubscription(tx, n, now)
  if (sub) {
    const lang = await userLang(tx, n.userId)
    const payload: MessagePayload = {
      appId: sub.appId,
      openid: sub.openid,
      templateId: sub.templateId,
      page: `${ORDER_PAGES[n.orderKind]}?${new URLSearchParams({ ...(await eventCodesOf(tx, n.eventId)), orderId: String(n.orderId) })}`,
      data: templateData(n.kind, n.values(lang)),
      lang: lang === 'en' ? 'en_US' : 'zh_CN',
      fallback: n.fallback,
    }
    // eventId and userId tell the message log whose message it is
    await ensureJob(tx, {
      kind: SUBSCRIBE_MESSAGE_JOB,
      key: `${n.key}:${sub.id}`,
      payload: { ...payload, eventId: n.eventId, userId: n.userId },
      dueAt: now,
      now,
    })
    return 'wechat'
  }
  if (!n.fallback) return 'none'
  await ensureJob(tx, { ...n.fallback, dueAt: now, now })
  return 'sms'
}

const messageOf = (p: Record<string, unknown>): MessagePayload => ({
  appId: String(p.appId),
  openid: String(p.openid),
  templateId: String(p.templateId),
  page: String(p.page),
  data: p.data as TemplateData,
  lang: p.lang === 'en_US' ? 'en_US' : 'zh_CN',
  fallback: (p.fallback as FallbackJob | null) ?? null,
})

/**
 * The message job: sent with no transaction open (a repeat after a crash may send twice: WeChat
 * has no idempotency key for it, and one more message is better than none); WeChat refusing it
 * for good (NOT_DELIVERABLE) or no sender here any more sends the SMS instead.
 */
export const SUBSCRIBE_JOB_HANDLERS: Record<string, JobHandler> = {
  [SUBSCRIBE_MESSAGE_JOB]: callingJob({
    prepare: async ({ job }) => ({ plan: messageOf(job.payload) }),
    call: async (m: MessagePayload, ctx): Promise<SubscribeSendResult> => {
      const sender = ctx.deps.subscribeSender
      if (!sender) return { delivered: false, errcode: 0, reason: 'subscription messages are off' }
      const { fallback: _fallback, ...message } = m
      return sender.send(message)
    },
    apply: async ({ tx, now, log }, m, result) => {
      if (result.delivered) return
      log.info(
        { templateId: m.templateId, errcode: result.errcode, reason: result.reason, sms: !!m.fallback },
        'subscription message not delivered: the SMS goes instead',
      )
      if (m.fallback) await ensureJob(tx, { ...m.fallback, dueAt: now, now })
    },
  }),
}
