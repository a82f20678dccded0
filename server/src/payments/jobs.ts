/** The payment jobs (payments/payments.ts): the query fallback and sending refunds. */
import type { Deps } from '../deps'
import { PAYMENT_QUERY_JOB, PAYMENT_REFUND_JOB, type PaymentDeps } from './payments'
import { queryPaymentJob, refundJob } from './confirmations'
import { needDep, type JobContext, type JobHandler } from '../kernel/jobs/runner'

function paymentDeps(ctx: JobContext): PaymentDeps {
  const wechatPay = ctx.deps.wechatPay as Deps['wechatPay'] | undefined
  if (!wechatPay) throw new Error('payment jobs need deps.wechatPay')
  return { db: ctx.deps.db, now: ctx.deps.now, log: ctx.log, wechatPay, payables: needDep(ctx.deps, 'payables'), metrics: needDep(ctx.deps, 'metrics') }
}

const payload = (ctx: JobContext, key: string): string => String((ctx.job.payload as Record<string, unknown>)[key] ?? '')

export const PAYMENT_JOB_HANDLERS: Record<string, JobHandler> = {
  [PAYMENT_QUERY_JOB]: (ctx) => queryPaymentJob(ctx.tx, paymentDeps(ctx), payload(ctx, 'paymentNo'), ctx.now),
  [PAYMENT_REFUND_JOB]: (ctx) => refundJob(ctx.tx, paymentDeps(ctx), payload(ctx, 'refundNo'), ctx.now),
}
