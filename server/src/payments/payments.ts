/**
 * Payments for every kind of order: the company account or WeChat Pay v3, exactly once.
 *
 * - payByCompany / openWechatPayment run inside the order service's transaction, with its order
 *   locked, so two taps never open two payments and a company payment and its order commit together.
 *   The company paying closes the order's open WeChat payment at WeChat first, so the two never
 *   both take money (closeBeforeCompany).
 * - A WeChat payment is confirmed by its notification (the notify URL of every kind) or, when none
 *   arrives, by asking WeChat (the payment-query job), both in payment-confirmations.ts; both end
 *   in settle(),
 *   which locks the payment, checks amount and merchant, and asks the order's Payable
 *   (deps.payables, built in app.ts) whether the order still wants the money. A payment already
 *   settled is left alone (a notification replayed ten times changes the order once); money that arrives for
 *   an order that no longer wants it (cancelled, paid otherwise) is refunded in full, and money
 *   taken in another amount than the order's is refunded and flagged (alerts.ts).
 * - Refunds (refunds.ts) are rows (payment_refunds) sent by the payment-refund job, so an order change and its
 *   refund commit together and WeChat is asked outside the order's transaction, with the refund
 *   number making a retry harmless.
 *
 * WeChat's create call is made inside the order's transaction: it holds the order's lock for one
 * HTTP exchange, which is what makes "one open payment per order" true across instances; WeChat's
 * create is idempotent by out_trade_no, so a rolled-back transaction that already reached WeChat
 * leaves only a prepay that expires unpaid.
 */
import crypto from 'node:crypto'
import type { JsapiPayParams } from '@contracts/calls/flight'
import type { WxCodeSource } from '@contracts/wx-code'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { PAYMENT_RULES, newPaymentNo } from './rules/payment-rules'
import { AppError } from '../kernel/errors'
import { WechatPayError, type Payer, type WxTransaction } from './wechatpay'
import { ensureJob } from '../kernel/jobs/repository'
import type { Owner } from '../kernel/db/owned'
import { insertPayment, paymentByNo, paymentsOfOrder, updatePayment, type PaymentRow } from './repositories/payments'
import { payableContext } from './payables'
import { REFUND_REASONS, requestRefund } from './refunds'
import { flagAmountMismatch } from './alerts'
import { eventAttach } from './event-attach'

export type PaymentDeps = Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables' | 'metrics'>
export type TradeType = 'JSAPI' | 'NATIVE' | 'H5'

export const PAYMENT_QUERY_JOB = 'payment-query'
// refunds live in refunds.ts; every kind of order reaches them through here
export { PAYMENT_REFUND_JOB, REFUND_REASONS, committedRefundFen, finishRefund, refundSummary, refundableFen, requestRefund } from './refunds'

export interface PaymentSubject {
  kind: string
  orderId: number
  owner: Owner
  amountFen: number
  /** shown in WeChat's payment sheet and bill ("机票 上海-北京 MU5101") */
  description: string
}

const randomDigits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('')

/** the order's payment that counted (paid it), if any */
export async function countedPayment(tx: Tx, kind: string, orderId: number): Promise<PaymentRow | null> {
  return (await paymentsOfOrder(tx, kind, orderId)).find((p) => p.counted) ?? null
}

/** an open WeChat payment of the order, if any (the client keeps asking while there is one) */
export async function openPaymentOf(tx: Tx, kind: string, orderId: number): Promise<PaymentRow | null> {
  return (await paymentsOfOrder(tx, kind, orderId)).find((p) => p.status === 'open') ?? null
}

/**
 * The company pays (at once). Inside the order's transaction; the order's Payable moves the
 * order. An order already paid: EAIR1023 (the caller's own idempotency key answers a retry
 * before this is reached). A WeChat payment of the order still open is closed at WeChat first
 * (closeBeforeCompany), so the attendee can no longer pay what the company pays.
 */
export async function payByCompany(tx: Tx, deps: Pick<Deps, 'log' | 'payables' | 'wechatPay' | 'metrics'>, s: PaymentSubject, now: Date): Promise<PaymentRow> {
  const ofOrder = await paymentsOfOrder(tx, s.kind, s.orderId)
  if (ofOrder.some((p) => p.counted)) throw new AppError('EAIR1023')
  for (const open of ofOrder.filter((p) => p.status === 'open')) await closeBeforeCompany(tx, deps, open, now)
  const payment = await insertPayment(tx, {
    paymentNo: newPaymentNo(s.kind, now, randomDigits(12)),
    kind: s.kind,
    orderId: s.orderId,
    userId: s.owner.userId,
    eventId: s.owner.eventId,
    method: 'company',
    amountFen: s.amountFen,
    description: s.description.slice(0, PAYMENT_RULES.descriptionMax),
    status: 'paid',
    counted: false,
    expiresAt: now,
    paidAt: now,
    paidFen: s.amountFen,
    createdAt: now,
    updatedAt: now,
  })
  const verdict = await deps.payables.of(s.kind).onPaid(payment, payableContext(tx, deps, now))
  // the company's money is only taken for an order that wants it: the whole transaction rolls back
  if (verdict === 'late') throw new AppError('EAIR1021')
  await updatePayment(tx, payment.id, { counted: true })
  deps.metrics.paymentOutcome('company', 'paid')
  return { ...payment, counted: true }
}

export interface OpenedPayment {
  paymentNo: string
  tradeType: TradeType
  amountFen: number
  expiresAt: Date
  jsapi: JsapiPayParams | null
  codeUrl: string
  h5Url: string
}

/**
 * Opens a WeChat payment of the order (or answers the one already open for it with the same
 * trade type and payer). Inside the order's transaction, order locked, after the order service
 * checked that the order is waiting for payment. expiresAt: the order's payment deadline.
 */
export async function openWechatPayment(
  tx: Tx,
  deps: PaymentDeps,
  s: PaymentSubject & { tradeType: TradeType; wxCode: string; wxCodeSource?: WxCodeSource; payerIp: string; expiresAt: Date },
  now: Date,
): Promise<OpenedPayment> {
  const gateway = deps.wechatPay.gateway
  if (!gateway) throw new AppError('EPAY1001')
  if (await countedPayment(tx, s.kind, s.orderId)) throw new AppError('EAIR1023')

  // JSAPI: the payer's openid, from the code at its own source's endpoint; the payment is made and
  // signed with that source's AppID (an openid is per AppID)
  let payer: Payer | null = null
  if (s.tradeType === 'JSAPI') {
    payer = s.wxCode ? await gateway.payerFromCode(s.wxCode, s.wxCodeSource ?? 'miniProgram').catch(() => null) : null
    if (!payer) throw new AppError('EPAY1002')
  }
  const openid = payer?.openid ?? null

  const open = await openPaymentOf(tx, s.kind, s.orderId)
  if (open) {
    if (open.tradeType === s.tradeType && open.amountFen === s.amountFen && (s.tradeType !== 'JSAPI' || open.payerOpenid === openid)) {
      return openedView(deps, open, now, payer)
    }
    // another trade type or payer: close the old one first, so at most one can still be paid
    await closeAtWechat(tx, deps, open, now)
    if (await countedPayment(tx, s.kind, s.orderId)) throw new AppError('EAIR1023')
  }

  const paymentNo = newPaymentNo(s.kind, now, randomDigits(12))
  const create = {
    outTradeNo: paymentNo,
    description: s.description.slice(0, PAYMENT_RULES.descriptionMax),
    amountFen: s.amountFen,
    expiresAt: s.expiresAt,
    notifyUrl: deps.wechatPay.notifyUrl,
    attach: eventAttach(s.owner.eventId),
  }
  let prepayId: string | null = null
  let codeUrl: string | null = null
  let h5Url: string | null = null
  try {
    if (s.tradeType === 'JSAPI') prepayId = (await gateway.createJsapi({ ...create, openid: payer!.openid, appId: payer!.appId })).prepayId
    else if (s.tradeType === 'NATIVE') codeUrl = (await gateway.createNative(create)).codeUrl
    else h5Url = (await gateway.createH5({ ...create, payerIp: s.payerIp })).h5Url
  } catch (err) {
    deps.log.error({ err, paymentNo }, 'WeChat Pay: creating the payment failed')
    deps.metrics.providerFailure('wechatpay', 'create')
    deps.metrics.paymentOutcome('wechat', 'failed')
    throw new AppError('EPAY1001')
  }
  const payment = await insertPayment(tx, {
    paymentNo,
    kind: s.kind,
    orderId: s.orderId,
    userId: s.owner.userId,
    eventId: s.owner.eventId,
    method: 'wechat',
    tradeType: s.tradeType,
    amountFen: s.amountFen,
    description: create.description,
    status: 'open',
    payerOpenid: openid,
    prepayId,
    codeUrl,
    h5Url,
    expiresAt: s.expiresAt,
    createdAt: now,
    updatedAt: now,
  })
  // no notification within a minute: the query fallback asks WeChat
  await ensureJob(tx, {
    kind: PAYMENT_QUERY_JOB,
    key: paymentNo,
    payload: { paymentNo },
    dueAt: new Date(now.getTime() + PAYMENT_RULES.firstQueryAfterMs),
    now,
  })
  return openedView(deps, payment, now, payer)
}

/** payer: the JSAPI payer of this request (the same openid as the payment's, so the same AppID) */
function openedView(deps: PaymentDeps, p: PaymentRow, now: Date, payer: Payer | null): OpenedPayment {
  return {
    paymentNo: p.paymentNo,
    tradeType: p.tradeType ?? 'NATIVE',
    amountFen: p.amountFen,
    expiresAt: p.expiresAt,
    jsapi: p.prepayId && deps.wechatPay.gateway ? deps.wechatPay.gateway.jsapiParams(p.prepayId, now, payer?.appId) : null,
    codeUrl: p.codeUrl ?? '',
    h5Url: p.h5Url ?? '',
  }
}

/** what closing a payment at WeChat came to: closed (or never known there), or paid meanwhile (its transaction) */
export type CloseAnswer = { closed: true } | { paid: WxTransaction | null }

/** closes a payment at WeChat (no database: a job calls it with no transaction open) */
export async function closeCall(gateway: NonNullable<PaymentDeps['wechatPay']['gateway']>, paymentNo: string): Promise<CloseAnswer> {
  try {
    await gateway.close(paymentNo)
  } catch (err) {
    if (err instanceof WechatPayError && err.code === 'ORDERPAID') return { paid: await gateway.query(paymentNo) }
    if (!(err instanceof WechatPayError && err.code === 'ORDER_NOT_EXIST')) throw err
  }
  return { closed: true }
}

/** records what closing at WeChat came to: closed, or settled when WeChat says it was paid meanwhile */
export async function applyClose(tx: Tx, deps: PaymentDeps, p: PaymentRow, answer: CloseAnswer, now: Date): Promise<void> {
  if ('paid' in answer) {
    if (answer.paid) await settle(tx, deps, answer.paid, now)
    return
  }
  await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
}

/**
 * Closes an open WeChat payment because the company is paying its order, inside the company's
 * transaction with the order locked. The order's lock is what serialises the two: WeChat's close
 * answers either "closed" (the payer can no longer pay it: the company's payment goes on) or
 * ORDERPAID (the payer was first: the company's payment is refused, EAIR1023). The paid one is
 * not settled here: its notification (or the query job) does that after this transaction rolls
 * back, because settling locks the payment row after the order, the reverse of the notification's
 * order, and the two would deadlock. WeChat unreachable: EPAY1003, nothing written, try again.
 */
async function closeBeforeCompany(tx: Tx, deps: Pick<Deps, 'log' | 'wechatPay'>, p: PaymentRow, now: Date): Promise<void> {
  const gateway = deps.wechatPay.gateway
  if (!gateway) {
    // WeChat Pay switched off since it opened: nothing here can close it; should it still be paid, settle() refunds it as late
    deps.log.warn({ paymentNo: p.paymentNo }, 'WeChat Pay is off: an open WeChat payment is left to expire while the company pays')
    return
  }
  try {
    await gateway.close(p.paymentNo)
  } catch (err) {
    if (err instanceof WechatPayError && err.code === 'ORDERPAID') throw new AppError('EAIR1023')
    if (!(err instanceof WechatPayError && (err.code === 'ORDER_NOT_EXIST' || err.code === 'ORDER_CLOSED'))) {
      deps.log.error({ err, paymentNo: p.paymentNo }, 'WeChat Pay: closing the open payment before the company pays failed')
      throw new AppError('EPAY1003')
    }
  }
  await updatePayment(tx, p.id, { status: 'closed', updatedAt: now })
}

/** closes an open payment at WeChat; if WeChat says it was paid meanwhile, settles it instead */
export async function closeAtWechat(tx: Tx, deps: PaymentDeps, p: PaymentRow, now: Date): Promise<void> {
  await applyClose(tx, deps, p, await closeCall(deps.wechatPay.gateway!, p.paymentNo), now)
}

export type SettleResult = 'settled' | 'late' | 'already' | 'notPaid' | 'unknown' | 'mismatch' | 'flagged'

/**
 * A transaction WeChat reports (notification or query): if it is paid and ours (merchant, app),
 * the payment becomes paid once and the order is asked whether it wants the money; 'late' ones
 * are refunded. Paid in another amount than the order's: 'flagged' (alerts.ts: recorded, an
 * alert raised, the whole amount refunded, the order left waiting). Idempotent: an already-paid
 * payment answers 'already'. notificationId: the notification that reported it, if one did.
 */
export async function settle(tx: Tx, deps: PaymentDeps, t: WxTransaction, now: Date, notificationId: string | null = null): Promise<SettleResult> {
  const gateway = deps.wechatPay.gateway
  if (typeof t.out_trade_no !== 'string') return 'unknown'
  const p = await paymentByNo(tx, t.out_trade_no.slice(0, 64), { forUpdate: true })
  if (!p || p.method !== 'wechat') return 'unknown'
  // a JSAPI payment of H5 in WeChat was made with the official account's AppID
  const ours = !!gateway && (t.appid === gateway.appId || (!!gateway.officialAccountAppId && t.appid === gateway.officialAccountAppId))
  const total = t.amount?.total
  // another merchant's or app's money is not ours to keep or to give back; nor is an amount that is no amount
  if (!gateway || !ours || t.mchid !== gateway.mchId || typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1) {
    deps.log.error(
      { paymentNo: p.paymentNo, reported: { mchid: t.mchid, appid: t.appid, total }, expected: p.amountFen },
      'WeChat Pay: reported payment is not of our merchant and app',
    )
    return 'mismatch'
  }
  if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return 'notPaid'
  if (p.status === 'paid') return 'already'

  const paidAt = t.success_time && !Number.isNaN(Date.parse(t.success_time)) ? new Date(t.success_time) : now
  const paid: PaymentRow = {
    ...p,
    status: 'paid',
    paidAt,
    paidFen: total,
    transactionId: typeof t.transaction_id === 'string' ? t.transaction_id.slice(0, 32) : null,
    payerOpenid: typeof t.payer?.openid === 'string' ? t.payer.openid.slice(0, 128) : p.payerOpenid,
    updatedAt: now,
  }
  await updatePayment(tx, p.id, { status: 'paid', paidAt, paidFen: total, transactionId: paid.transactionId, payerOpenid: paid.payerOpenid, updatedAt: now })
  if (total !== p.amountFen) {
    await flagAmountMismatch(tx, deps, paid, notificationId, now)
    return 'flagged'
  }
  const verdict = await deps.payables.of(p.kind).onPaid(paid, payableContext(tx, deps, now))
  if (verdict === 'accepted') {
    await updatePayment(tx, p.id, { counted: true })
    deps.metrics.paymentOutcome('wechat', 'paid')
    return 'settled'
  }
  deps.metrics.paymentOutcome('wechat', 'late')
  deps.log.warn({ paymentNo: p.paymentNo, kind: p.kind, orderId: p.orderId }, 'payment arrived for an order that no longer waits for it: refunding in full')
  await requestRefund(tx, deps, paid, { amountFen: total, reason: REFUND_REASONS.late, payload: {} }, now)
  return 'late'
}
