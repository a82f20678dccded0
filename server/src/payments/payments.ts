/**
 * Payments for every kind of order: the company account or WeChat Pay v3, exactly once.
 *
 * - payByCompany / openWechatPayment run inside the order service's transaction, with its order
 *   locked, so two taps never open two payments and a company payment and its order commit together.
 * - A WeChat payment is confirmed by its notification (the notify URL of every kind) or, when none
 *   arrives, by asking WeChat (the payment-query job), both in payment-confirmations.ts; both end
 *   in settle(),
 *   which locks the payment, checks amount and merchant, and asks the order's Payable
 *   (deps.payables, built in app.ts) whether the order still wants the money. A payment already
 *   settled is left alone (a notification replayed ten times changes the order once); money that arrives for
 *   an order that no longer wants it (cancelled, paid otherwise) is refunded in full.
 * - Refunds are rows (payment_refunds) sent by the payment-refund job, so an order change and its
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
import { WechatPayError, type Payer, type WxRefund, type WxTransaction } from './wechatpay'
import { ensureJob } from '../kernel/jobs/repository'
import type { Owner } from '../kernel/db/owned'
import {
  insertPayment,
  insertRefund,
  paymentById,
  paymentByNo,
  paymentsOfOrder,
  refundsOfPayment,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './repositories/payments'
import type { PayableContext } from './payables'

export type PaymentDeps = Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables'>
export type TradeType = 'JSAPI' | 'NATIVE' | 'H5'

export const PAYMENT_QUERY_JOB = 'payment-query'
export const PAYMENT_REFUND_JOB = 'payment-refund'

export interface PaymentSubject {
  kind: string
  orderId: number
  owner: Owner
  amountFen: number
  /** shown in WeChat's payment sheet and bill ("机票 上海-北京 MU5101") */
  description: string
}

const randomDigits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('')

const ctxOf = (tx: Tx, deps: Pick<Deps, 'log'>, now: Date): PayableContext => ({ tx, now, log: deps.log })

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
 * before this is reached).
 */
export async function payByCompany(tx: Tx, deps: Pick<Deps, 'log' | 'payables'>, s: PaymentSubject, now: Date): Promise<PaymentRow> {
  if (await countedPayment(tx, s.kind, s.orderId)) throw new AppError('EAIR1023')
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
    createdAt: now,
    updatedAt: now,
  })
  const verdict = await deps.payables.of(s.kind).onPaid(payment, ctxOf(tx, deps, now))
  // the company's money is only taken for an order that wants it: the whole transaction rolls back
  if (verdict === 'late') throw new AppError('EAIR1021')
  await updatePayment(tx, payment.id, { counted: true })
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

/** closes an open payment at WeChat; if WeChat says it was paid meanwhile, settles it instead */
export async function closeAtWechat(tx: Tx, deps: PaymentDeps, p: PaymentRow, now: Date): Promise<void> {
  await applyClose(tx, deps, p, await closeCall(deps.wechatPay.gateway!, p.paymentNo), now)
}

export type SettleResult = 'settled' | 'late' | 'already' | 'notPaid' | 'unknown' | 'mismatch'

/**
 * A transaction WeChat reports (notification or query): if it is paid and matches our payment
 * (merchant, app, amount), the payment becomes paid once and the order is asked whether it wants
 * the money; 'late' ones are refunded. Idempotent: an already-paid payment answers 'already'.
 */
export async function settle(tx: Tx, deps: PaymentDeps, t: WxTransaction, now: Date): Promise<SettleResult> {
  const gateway = deps.wechatPay.gateway
  if (typeof t.out_trade_no !== 'string') return 'unknown'
  const p = await paymentByNo(tx, t.out_trade_no.slice(0, 64), { forUpdate: true })
  if (!p || p.method !== 'wechat') return 'unknown'
  // a JSAPI payment of H5 in WeChat was made with the official account's AppID
  const ours = !!gateway && (t.appid === gateway.appId || (!!gateway.officialAccountAppId && t.appid === gateway.officialAccountAppId))
  if (!gateway || !ours || t.mchid !== gateway.mchId || t.amount?.total !== p.amountFen) {
    deps.log.error(
      { paymentNo: p.paymentNo, reported: { mchid: t.mchid, appid: t.appid, total: t.amount?.total }, expected: p.amountFen },
      'WeChat Pay: reported payment does not match ours',
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
    transactionId: t.transaction_id ?? null,
    payerOpenid: t.payer?.openid ?? p.payerOpenid,
    updatedAt: now,
  }
  await updatePayment(tx, p.id, { status: 'paid', paidAt, transactionId: paid.transactionId, payerOpenid: paid.payerOpenid, updatedAt: now })
  const verdict = await deps.payables.of(p.kind).onPaid(paid, ctxOf(tx, deps, now))
  if (verdict === 'accepted') {
    await updatePayment(tx, p.id, { counted: true })
    return 'settled'
  }
  deps.log.warn({ paymentNo: p.paymentNo, kind: p.kind, orderId: p.orderId }, 'payment arrived for an order that no longer waits for it: refunding in full')
  await requestRefund(tx, deps, paid, { amountFen: p.amountFen, reason: 'late', payload: {} }, now)
  return 'late'
}

/**
 * Gives (part of) a payment back. Company payments are credited at once; WeChat ones are sent by
 * the payment-refund job. Inside the transaction that decides it (a cancelled order and its refund
 * commit together).
 */
export async function requestRefund(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables'>,
  p: PaymentRow,
  r: { amountFen: number; reason: string; payload: Record<string, unknown> },
  now: Date,
): Promise<RefundRow> {
  const prior = await refundsOfPayment(tx, p.id)
  const committed = prior.filter((x) => x.status !== 'abnormal').reduce((s, x) => s + x.amountFen, 0)
  if (r.amountFen < 1 || committed + r.amountFen > p.amountFen) throw new Error(`refund of ${r.amountFen} exceeds what is left of payment ${p.paymentNo}`)
  const refund = await insertRefund(tx, {
    paymentId: p.id,
    refundNo: `${p.paymentNo}R${prior.length + 1}`,
    amountFen: r.amountFen,
    reason: r.reason.slice(0, 80),
    status: p.method === 'company' ? 'success' : 'pending',
    payload: r.payload,
    createdAt: now,
    finishedAt: p.method === 'company' ? now : null,
  })
  if (p.method === 'company') {
    await updatePayment(tx, p.id, { refundedFen: p.refundedFen + r.amountFen, updatedAt: now })
    await deps.payables.of(p.kind).onRefunded?.(refund, p, ctxOf(tx, deps, now))
  } else {
    await ensureJob(tx, { kind: PAYMENT_REFUND_JOB, key: refund.refundNo, payload: { refundNo: refund.refundNo }, dueAt: now, now })
  }
  return refund
}

export async function finishRefund(tx: Tx, deps: Pick<Deps, 'log' | 'payables'>, refund: RefundRow, w: WxRefund, now: Date): Promise<'done' | 'processing'> {
  if (refund.status === 'success' || refund.status === 'abnormal') return 'done'
  if (w.status === 'PROCESSING') {
    if (refund.status !== 'processing') await updateRefund(tx, refund.id, { status: 'processing', wechatRefundId: w.refund_id })
    return 'processing'
  }
  const p = (await paymentById(tx, refund.paymentId, { forUpdate: true }))!
  const status = w.status === 'SUCCESS' ? 'success' : 'abnormal'
  await updateRefund(tx, refund.id, { status, wechatRefundId: w.refund_id, finishedAt: now })
  if (status === 'success') await updatePayment(tx, p.id, { refundedFen: p.refundedFen + refund.amountFen, updatedAt: now })
  else deps.log.error({ refundNo: refund.refundNo, wechat: w.status }, 'WeChat Pay: refund could not be paid back (needs a person: merchant console)')
  await deps.payables.of(p.kind).onRefunded?.({ ...refund, status, finishedAt: now }, p, ctxOf(tx, deps, now))
  return 'done'
}

/** what an order view says of its money: refunded so far, refunds under way */
export async function refundSummary(tx: Tx, kind: string, orderId: number): Promise<{ refundedFen: number; refundingFen: number }> {
  let refundedFen = 0
  let refundingFen = 0
  for (const p of await paymentsOfOrder(tx, kind, orderId)) {
    for (const r of await refundsOfPayment(tx, p.id)) {
      if (r.status === 'success') refundedFen += r.amountFen
      else if (r.status !== 'abnormal') refundingFen += r.amountFen
    }
  }
  return { refundedFen, refundingFen }
}
