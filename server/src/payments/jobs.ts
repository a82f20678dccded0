/**
 * The payment jobs (payments/payments.ts): the query fallback and sending refunds. Both ask WeChat
 * Pay, so both are CallingJobs: read in a transaction, ask with none open, apply in a new one.
 */
import type { Deps } from '../deps'
import { PAYMENT_QUERY_JOB, PAYMENT_REFUND_JOB, type PaymentDeps } from './payments'
import { queryPaymentJob, refundJob } from './confirmations'
import { callingJob, needDep, planOrDone, type CallContext, type JobHandler } from '../kernel/jobs/runner'

function paymentDeps(ctx: CallContext): PaymentDeps {
  const wechatPay = ctx.deps.wechatPay as Deps['wechatPay'] | undefined
  if (!wechatPay) throw new Error('payment jobs need deps.wechatPay')
  return { db: ctx.deps.db, now: ctx.deps.now, log: ctx.log, wechatPay, payables: needDep(ctx.deps, 'payables'), metrics: needDep(ctx.deps, 'metrics') }
}

const payload = (ctx: CallContext, key: string): string => String((ctx.job.payload as Record<string, unknown>)[key] ?? '')

export const PAYMENT_JOB_HANDLERS: Record<string, JobHandler> = {
  [PAYMENT_QUERY_JOB]: callingJob({
    prepare: async (ctx) => planOrDone(await queryPaymentJob.prepare(ctx.tx, paymentDeps(ctx), payload(ctx, 'paymentNo'))),
    call: (plan, ctx) => queryPaymentJob.call(paymentDeps(ctx), plan, ctx.now),
    apply: (ctx, plan, answer) => queryPaymentJob.apply(ctx.tx, paymentDeps(ctx), plan, answer, ctx.now),
  }),
  [PAYMENT_REFUND_JOB]: callingJob({
    prepare: async (ctx) => planOrDone(await refundJob.prepare(ctx.tx, paymentDeps(ctx), payload(ctx, 'refundNo'))),
    call: (plan, ctx) => refundJob.call(paymentDeps(ctx), plan),
    apply: (ctx, plan, answer) => refundJob.apply(ctx.tx, paymentDeps(ctx), plan, answer, ctx.now),
  }),
}
