/**
 * The air jobs: the payment deadline of an unpaid order and ticketing after payment
 * (air/orders.ts); after-sales, change deadlines and 'traveled' (air/aftersales.ts).
 */
import type { Deps } from '../deps'
import { AIR_PAY_DEADLINE_JOB, AIR_TRAVELED_JOB, payDeadlineJob, ticketingJob } from './orders'
import { AIR_CHANGE_DEADLINE_JOB } from './aftersales'
import { afterSaleJob, changeDeadlineJob, traveledJob } from './aftersale-jobs'
import { AIR_AFTERSALE_JOB, AIR_TICKETING_JOB } from './payable'
import { needDep, type JobContext, type JobHandler } from '../kernel/jobs/runner'

function airline(ctx: JobContext): Deps['airline'] {
  if (!ctx.deps.airline) throw new Error('air jobs need deps.airline')
  return ctx.deps.airline
}
const orderId = (ctx: JobContext) => Number((ctx.job.payload as Record<string, unknown>).orderId)

export const AIR_JOB_HANDLERS: Record<string, JobHandler> = {
  [AIR_PAY_DEADLINE_JOB]: (ctx) => payDeadlineJob(ctx.tx, { airline: airline(ctx) }, orderId(ctx), ctx.now),
  [AIR_TICKETING_JOB]: (ctx) =>
    ticketingJob(
      ctx.tx,
      { airline: airline(ctx), log: ctx.log, payables: needDep(ctx.deps, 'payables'), metrics: needDep(ctx.deps, 'metrics') },
      orderId(ctx),
      ctx.now,
    ),
  // refunds and changes at the airline, unpaid changes' deadline, 'traveled' after arrival
  [AIR_AFTERSALE_JOB]: (ctx) =>
    afterSaleJob(
      ctx.tx,
      { airline: airline(ctx), log: ctx.log, payables: needDep(ctx.deps, 'payables'), metrics: needDep(ctx.deps, 'metrics') },
      ctx.job.payload as { refundNo?: string; changeNo?: string },
      ctx.now,
    ),
  [AIR_CHANGE_DEADLINE_JOB]: (ctx) =>
    changeDeadlineJob(ctx.tx, { airline: airline(ctx) }, String((ctx.job.payload as Record<string, unknown>).changeNo), ctx.now),
  [AIR_TRAVELED_JOB]: (ctx) => traveledJob(ctx.tx, orderId(ctx), ctx.now),
}
