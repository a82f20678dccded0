/**
 * How WeChat Pay's word reaches a payment: the notify URL of every kind of order (verified, then
 * settled), and the jobs that ask WeChat when no notification arrives and that send refunds. Both
 * end in payments/payments.ts settle() / the refund's finish, with the payment row locked.
 */
import type { Tx } from '../kernel/db/client'
import { PAYMENT_RULES } from './rules/payment-rules'
import type { WxRefund, WxTransaction } from './wechatpay'
import { paymentById, paymentByNo, recordNotification, refundByNo, setNotificationNote, updatePayment } from './repositories/payments'
import { PaymentDeps, closeAtWechat, finishRefund, settle } from './payments'
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

/**
 * The query fallback: a payment still open asks WeChat. Paid → settled; not paid and past its
 * expiry (plus a grace for a payment taken at the last second) → closed at WeChat; otherwise asked
 * again later.
 */
export async function queryPaymentJob(tx: Tx, deps: PaymentDeps, paymentNo: string, now: Date): Promise<{ nextDueAt: Date } | void> {
  const gateway = deps.wechatPay.gateway
  const p = await paymentByNo(tx, paymentNo)
  if (!p || p.status !== 'open' || !gateway) return
  const t = await countingFailures(deps.metrics, 'wechatpay', 'query', () => gateway.query(paymentNo))
  if (t && (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND')) {
    await settle(tx, deps, t, now)
    return
  }
  const expired = now.getTime() > p.expiresAt.getTime() + PAYMENT_RULES.closeGraceMs
  if (!t) {
    // WeChat does not know it (yet): nothing was paid; after the expiry it never will be
    if (!expired) return { nextDueAt: new Date(now.getTime() + PAYMENT_RULES.queryEveryMs) }
    await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
    return
  }
  if (t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED' || t.trade_state === 'PAYERROR') {
    await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
    return
  }
  if (expired) {
    await closeAtWechat(tx, deps, p, now)
    return
  }
  return { nextDueAt: new Date(now.getTime() + PAYMENT_RULES.queryEveryMs) }
}

/** sends a pending refund to WeChat (idempotent by its refund number) or asks how it went */
export async function refundJob(tx: Tx, deps: PaymentDeps, refundNo: string, now: Date): Promise<{ nextDueAt: Date } | void> {
  const gateway = deps.wechatPay.gateway
  const refund = await refundByNo(tx, refundNo, { forUpdate: true })
  if (!refund || refund.status === 'success' || refund.status === 'abnormal') return
  if (!gateway) throw new Error('WeChat Pay is off: refund waits')
  const p = (await paymentById(tx, refund.paymentId))!
  const w =
    refund.status === 'processing'
      ? await countingFailures(deps.metrics, 'wechatpay', 'query_refund', () => gateway.queryRefund(refundNo))
      : await countingFailures(deps.metrics, 'wechatpay', 'refund', () =>
          gateway.refund({
            outTradeNo: p.paymentNo,
            outRefundNo: refundNo,
            amountFen: refund.amountFen,
            totalFen: refundableFen(p),
            reason: refund.reason,
            notifyUrl: deps.wechatPay.notifyUrl,
          }),
        )
  if (!w) throw new Error(`refund ${refundNo} unknown at WeChat`)
  if ((await finishRefund(tx, deps, refund, w, now)) === 'processing') return { nextDueAt: new Date(now.getTime() + PAYMENT_RULES.refundPollMs) }
}
