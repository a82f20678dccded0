/**
 * How WeChat Pay's word reaches a payment: the notify URL of every kind of order (verified, then
 * settled), and the jobs that ask WeChat when no notification arrives and that send refunds. Both
 * end in payments/payments.ts settle() / the refund's finish, with the payment row locked.
 */
import type { Tx } from '../kernel/db/client'
import { PAYMENT_RULES } from './rules/payment-rules'
import type { WxRefund, WxTransaction } from './wechatpay'
import { paymentById, paymentByNo, recordNotification, refundByNo, setNotificationNote, updatePayment } from './repositories/payments'
import { PaymentDeps, applyClose, closeCall, finishRefund, settle, type CloseAnswer } from './payments'
import { refundableFen } from './refunds'
import { countingFailures } from '../kernel/metrics/types'

export interface NotifyAnswer {
  /** 204: accepted; 4xx/5xx: WeChat sends it again later */
  httpStatus: number
  /** WeChat's failure body (none on success) */
  body: { code: 'FAIL'; message: string } | null
}

const fail = (httpStatus: number, message: string): NotifyAnswer => ({ httpStatus, body: { code: 'FAIL', message } })

/**
 * A notification POSTed by WeChat: signature (platform key over timestamp, nonce and the raw
 * body), timestamp window, AEAD_AES_256_GCM decryption, then settle (amount and order checked).
 * Acknowledged by HTTP status as WeChat requires.
 */
export async function handleNotification(deps: PaymentDeps, headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<NotifyAnswer> {
  const gateway = deps.wechatPay.gateway
  if (!gateway) return fail(404, 'WeChat Pay is off')
  const now = deps.now()
  const opened = gateway.openNotification(headers, rawBody, now)
  if (!opened.ok) {
    deps.log.warn({ problem: opened.problem }, 'WeChat Pay: notification refused')
    return fail(
      opened.problem === 'staleTimestamp' || opened.problem === 'badSignature' || opened.problem === 'unknownSerial' || opened.problem === 'missingHeaders'
        ? 401
        : 400,
      opened.problem,
    )
  }
  const res = opened.resource
  const outTradeNo = typeof res.out_trade_no === 'string' ? res.out_trade_no.slice(0, 32) : ''
  if (opened.eventType === 'TRANSACTION.SUCCESS') {
    return deps.db.transaction(async (tx) => {
      const summary = { ...res, payer: undefined }
      const count = await recordNotification(tx, { id: opened.id, eventType: opened.eventType, paymentNo: outTradeNo, receivedAt: now, summary })
      const result = await settle(tx, deps, res as unknown as WxTransaction, now, opened.id)
      await setNotificationNote(tx, opened.id, `${result} (arrival ${count})`)
      if (result === 'unknown') return fail(404, 'unknown out_trade_no')
      if (result === 'mismatch') return fail(400, 'merchant or app does not match')
      // 'flagged' too: recorded, refunded and alerted (alerts.ts), so WeChat need not send it again
      return { httpStatus: 204, body: null }
    })
  }
  if (opened.eventType.startsWith('REFUND.')) {
    const outRefundNo = typeof res.out_refund_no === 'string' ? res.out_refund_no.slice(0, 64) : ''
    return deps.db.transaction(async (tx) => {
      await recordNotification(tx, { id: opened.id, eventType: opened.eventType, paymentNo: outTradeNo, receivedAt: now, summary: res })
      const refund = await refundByNo(tx, outRefundNo, { forUpdate: true })
      if (!refund) return fail(404, 'unknown out_refund_no')
      const status = typeof res.refund_status === 'string' ? res.refund_status : ''
      await finishRefund(tx, deps, refund, { ...(res as unknown as WxRefund), status }, now)
      return { httpStatus: 204, body: null }
    })
  }
  return { httpStatus: 204, body: null }
}

// --- jobs ----------------------------------------------------------------------------------------
// Each is a CallingJob (kernel/jobs/runner.ts): WeChat is asked with no transaction open, and its
// answer is applied after the payment or refund is read again (a notification may have settled it meanwhile).

const PAID_STATES = new Set(['SUCCESS', 'REFUND'])
const CLOSED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR'])
const isExpired = (expiresAt: Date, now: Date) => now.getTime() > expiresAt.getTime() + PAYMENT_RULES.closeGraceMs

export interface QueryPlan {
  paymentNo: string
  expiresAt: Date
}
export interface QueryAnswer {
  t: WxTransaction | null
  /** set when it was past its expiry and still open at WeChat: closed there (or found paid) */
  closed?: CloseAnswer
}

/**
 * The query fallback: a payment still open asks WeChat. Paid → settled; not paid and past its
 * expiry (plus a grace for a payment taken at the last second) → closed at WeChat; otherwise asked
 * again later.
 */
export const queryPaymentJob = {
  async prepare(tx: Tx, deps: PaymentDeps, paymentNo: string): Promise<QueryPlan | null> {
    const p = await paymentByNo(tx, paymentNo)
    if (!p || p.status !== 'open' || !deps.wechatPay.gateway) return null
    return { paymentNo, expiresAt: p.expiresAt }
  },

  async call(deps: PaymentDeps, plan: QueryPlan, now: Date): Promise<QueryAnswer> {
    const gateway = deps.wechatPay.gateway
    if (!gateway) throw new Error('WeChat Pay is off: the query waits')
    const t = await countingFailures(deps.metrics, 'wechatpay', 'query', () => gateway.query(plan.paymentNo))
    const open = !!t && !PAID_STATES.has(t.trade_state) && !CLOSED_STATES.has(t.trade_state)
    if (open && isExpired(plan.expiresAt, now)) return { t, closed: await closeCall(gateway, plan.paymentNo) }
    return { t }
  },

  async apply(tx: Tx, deps: PaymentDeps, plan: QueryPlan, { t, closed }: QueryAnswer, now: Date): Promise<{ nextDueAt: Date } | void> {
    const p = await paymentByNo(tx, plan.paymentNo)
    if (!p || p.status !== 'open') return
    if (t && PAID_STATES.has(t.trade_state)) {
      await settle(tx, deps, t, now)
      return
    }
    const later = { nextDueAt: new Date(now.getTime() + PAYMENT_RULES.queryEveryMs) }
    if (!t) {
      // WeChat does not know it (yet): nothing was paid; after the expiry it never will be
      if (!isExpired(p.expiresAt, now)) return later
      await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
      return
    }
    if (CLOSED_STATES.has(t.trade_state)) {
      await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
      return
    }
    if (closed) {
      await applyClose(tx, deps, p, closed, now)
      return
    }
    return later
  },
}

export interface RefundPlan {
  refundNo: string
  /** already sent: ask how it goes; else send it (idempotent by its refund number) */
  sent: boolean
  outTradeNo: string
  amountFen: number
  totalFen: number
  reason: string
}

/** sends a pending refund to WeChat (idempotent by its refund number) or asks how it went */
export const refundJob = {
  async prepare(tx: Tx, deps: PaymentDeps, refundNo: string): Promise<RefundPlan | null> {
    const refund = await refundByNo(tx, refundNo)
    if (!refund || refund.status === 'success' || refund.status === 'abnormal') return null
    if (!deps.wechatPay.gateway) throw new Error('WeChat Pay is off: refund waits')
    const p = (await paymentById(tx, refund.paymentId))!
    return {
      refundNo,
      sent: refund.status === 'processing',
      outTradeNo: p.paymentNo,
      amountFen: refund.amountFen,
      totalFen: refundableFen(p),
      reason: refund.reason,
    }
  },

  async call(deps: PaymentDeps, plan: RefundPlan): Promise<WxRefund> {
    const gateway = deps.wechatPay.gateway
    if (!gateway) throw new Error('WeChat Pay is off: refund waits')
    const w = plan.sent
      ? await countingFailures(deps.metrics, 'wechatpay', 'query_refund', () => gateway.queryRefund(plan.refundNo))
      : await countingFailures(deps.metrics, 'wechatpay', 'refund', () =>
          gateway.refund({
            outTradeNo: plan.outTradeNo,
            outRefundNo: plan.refundNo,
            amountFen: plan.amountFen,
            totalFen: plan.totalFen,
            reason: plan.reason,
            notifyUrl: deps.wechatPay.notifyUrl,
          }),
        )
    if (!w) throw new Error(`refund ${plan.refundNo} unknown at WeChat`)
    return w
  },

  async apply(tx: Tx, deps: PaymentDeps, plan: RefundPlan, w: WxRefund, now: Date): Promise<{ nextDueAt: Date } | void> {
    const refund = await refundByNo(tx, plan.refundNo, { forUpdate: true })
    if (!refund || refund.status === 'success' || refund.status === 'abnormal') return
    if ((await finishRefund(tx, deps, refund, w, now)) === 'processing') return { nextDueAt: new Date(now.getTime() + PAYMENT_RULES.refundPollMs) }
  },
}
