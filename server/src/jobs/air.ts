/**
 * The air jobs: the payment deadline of an unpaid order and ticketing after payment
 * (services/air-orders.ts); after-sales, change deadlines and 'traveled' (services/air-aftersales.ts).
 */
import type { Deps } from '../deps'
import { AIR_PAY_DEADLINE_JOB, AIR_TRAVELED_JOB, payDeadlineJob, ticketingJob } from '../services/air-orders'
import { AIR_CHANGE_DEADLINE_JOB } from '../services/air-aftersales'
import { afterSaleJob, changeDeadlineJob, traveledJob } from '../services/air-aftersale-jobs'
import { AIR_AFTERSALE_JOB, AIR_TICKETING_JOB } from '../services/air-payable'
import { needDep, type JobContext, type JobHandler } from './runner'

function airline(ctx: JobContext): Deps['airline'] {
  if (!ctx.deps.airline) throw new Error('air jobs need deps.airline')
  return ctx.deps.airline
}
const orderId = (ctx: JobContext) => Number((ctx.job.payload as Record<string, unknown>).orderId)

export const AIR_JOB_HANDLERS: Record<string, JobHandler> = {
  [AIR_PAY_DEADLINE_JOB]: (ctx) => payDeadlineJob(ctx.tx, { airline: airline(ctx) }, orderId(ctx), ctx.now),
  [AIR_TICKETING_JOB]: (ctx) => ticketingJob(ctx.tx, { airline: airline(ctx), log: ctx.log, payables: needDep(ctx.deps, 'payables') }, orderId(ctx), ctx.now),
  // issue 13: refunds and changes at the airline, unpaid changes' deadline, 'traveled' after arrival
  [AIR_AFTERSALE_JOB]: (ctx) => afterSaleJob(ctx.tx, { airline: airline(ctx), log: ctx.log, payables: needDep(ctx.deps, 'payables') }, ctx.job.payload as { refundNo?: string; changeNo?: string }, ctx.now),
  [AIR_CHANGE_DEADLINE_JOB]: (ctx) => changeDeadlineJob(ctx.tx, { airline: airline(ctx) }, String((ctx.job.payload as Record<string, unknown>).changeNo), ctx.now),
  [AIR_TRAVELED_JOB]: (ctx) => traveledJob(ctx.tx, orderId(ctx), ctx.now),
}
