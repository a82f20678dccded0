/**
 * The air jobs: the payment deadline of an unpaid order and ticketing after payment
 * (air/orders.ts); after-sales, change deadlines and 'traveled' (air/aftersale-jobs.ts). Those that
 * ask the airline are CallingJobs: the rows are read (and a deadline's cancellation committed) in
 * one transaction, the airline is asked with none open (air/airline-calls.ts), its answer applied in another.
 */
import type { Deps } from '../deps'
import { AIR_PAY_DEADLINE_JOB, AIR_TRAVELED_JOB, payDeadlinePassed, ticketingApply, ticketingCall, ticketingPlan } from './orders'
import { AIR_CHANGE_DEADLINE_JOB } from './aftersales'
import { afterSaleApply, afterSaleAsk, changeDeadlinePassed, traveledJob, type AfterSalePayload } from './aftersale-jobs'
import { askAirline } from './airline-calls'
import { AIR_AFTERSALE_JOB, AIR_TICKETING_JOB } from './payable'
import { callingJob, needDep, planOrDone, type CallContext, type JobContext, type JobHandler } from '../kernel/jobs/runner'

function airline(ctx: CallContext): Deps['airline'] {
  if (!ctx.deps.airline) throw new Error('air jobs need deps.airline')
  return ctx.deps.airline
}
const orderId = (ctx: CallContext) => Number((ctx.job.payload as Record<string, unknown>).orderId)
const applyDeps = (ctx: CallContext) => ({ log: ctx.log, payables: needDep(ctx.deps, 'payables'), metrics: needDep(ctx.deps, 'metrics') })

/** gives a PNR's seats back to the airline, then the job is done */
const releaseThenDone = (prepare: (ctx: JobContext) => Promise<{ pnr: string } | null>) =>
  callingJob({
    prepare: async (ctx) => planOrDone(await prepare(ctx)),
    call: (plan: { pnr: string }, ctx) => airline(ctx).release(plan.pnr),
    apply: async () => undefined,
  })

export const AIR_JOB_HANDLERS: Record<string, JobHandler> = {
  [AIR_PAY_DEADLINE_JOB]: releaseThenDone((ctx) => payDeadlinePassed(ctx.tx, orderId(ctx), ctx.now)),
  [AIR_TICKETING_JOB]: callingJob({
    prepare: async (ctx) => planOrDone(await ticketingPlan(ctx.tx, orderId(ctx))),
    call: (plan, ctx) => ticketingCall({ airline: airline(ctx), metrics: needDep(ctx.deps, 'metrics') }, plan),
    apply: (ctx, _plan, state) => ticketingApply(ctx.tx, applyDeps(ctx), orderId(ctx), state, ctx.now),
  }),
  // refunds and changes at the airline
  [AIR_AFTERSALE_JOB]: callingJob({
    prepare: async (ctx) => planOrDone(await afterSaleAsk(ctx.tx, ctx.job.payload as AfterSalePayload)),
    call: (ask, ctx) => askAirline({ airline: airline(ctx) }, ask),
    apply: (ctx, _ask, answer) => afterSaleApply(ctx.tx, applyDeps(ctx), ctx.job.payload as AfterSalePayload, answer, ctx.now),
  }),
  // an unpaid change's deadline: undone, its new seats released
  [AIR_CHANGE_DEADLINE_JOB]: releaseThenDone((ctx) => changeDeadlinePassed(ctx.tx, String((ctx.job.payload as Record<string, unknown>).changeNo), ctx.now)),
  // 'traveled' after arrival: the database only
  [AIR_TRAVELED_JOB]: (ctx) => traveledJob(ctx.tx, orderId(ctx), ctx.now),
}
