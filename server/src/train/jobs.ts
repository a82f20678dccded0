/**
 * The train jobs (train/orders/orders.ts TRAIN_JOBS): the unpaid order's deadline, the railway's
 * answer on ticketing, refunds and changes, grab requests when seats come back, and the SMS that
 * tells a grab came true. Those that ask the railway or send an SMS are CallingJobs (the railway
 * is asked, the SMS sent, with no transaction open; the answer is applied with the order locked);
 * the others run in their own transaction. Each runs on whichever instance claims it first, also
 * after a restart.
 */
import type { Deps } from '../deps'
import type { AftersaleOutcome, TicketingOutcome } from './railway'
import { changeDue, expireChange, settleChange } from './aftersales/change-outcome'
import { refundDue, settleRefund } from './aftersales/aftersales'
import { expireGrab, fulfilGrabs, GRAB_EXPIRY_JOB } from './grabs'
import { TRAIN_JOBS, expireOrder, settleTicketing, ticketingDue } from './orders/orders'
import { callingJob, needDep, type CallContext, type JobContext, type JobHandler, type JobResult, type Prepared } from '../kernel/jobs/runner'

const idOf = (payload: Record<string, unknown>, key: string): number => {
  const id = Number(payload[key])
  if (!Number.isInteger(id)) throw new Error(`job payload without ${key}`)
  return id
}

const settleDeps = (ctx: CallContext) => ({
  railway: needDep(ctx.deps, 'railway'),
  log: ctx.log,
  payables: needDep(ctx.deps, 'payables'),
  searchCaches: needDep(ctx.deps, 'searchCaches'),
  metrics: needDep(ctx.deps, 'metrics'),
})

/** not due: look again when the railway's delay has passed (or never) */
const dueOrLater = (d: { orderNo: string } | { answerAt: Date | null }): Prepared<string> =>
  'orderNo' in d ? { plan: d.orderNo } : { result: d.answerAt ? { nextDueAt: d.answerAt } : undefined }
const laterIfNotDue = ({ answerAt }: { answerAt: Date | null }): JobResult => (answerAt ? { nextDueAt: answerAt } : undefined)

/** a job that asks the railway for its answer on an order (by order number), then settles it */
function railwayAnswerJob<O>(
  key: string,
  due: (ctx: JobContext, id: number) => Promise<{ orderNo: string } | { answerAt: Date | null }>,
  ask: (railway: Deps['railway'], orderNo: string) => O,
  settle: (ctx: JobContext, id: number, outcome: O) => Promise<{ answerAt: Date | null }>,
): JobHandler {
  return callingJob({
    prepare: async (ctx) => dueOrLater(await due(ctx, idOf(ctx.job.payload, key))),
    call: async (orderNo: string, ctx) => ask(needDep(ctx.deps, 'railway'), orderNo),
    apply: async (ctx, _orderNo, outcome: O) => laterIfNotDue(await settle(ctx, idOf(ctx.job.payload, key), outcome)),
  })
}

export const TRAIN_JOB_HANDLERS: Record<string, JobHandler> = {
  [TRAIN_JOBS.payDeadline]: async ({ tx, now, job, deps }) =>
    expireOrder(tx, { searchCaches: needDep(deps, 'searchCaches') }, idOf(job.payload, 'orderId'), now),
  // not answered yet (the railway's delay): ask again when it is due
  [TRAIN_JOBS.ticketing]: railwayAnswerJob<TicketingOutcome>(
    'orderId',
    (ctx, id) => ticketingDue(ctx.tx, settleDeps(ctx), id, ctx.now),
    (railway, orderNo) => railway.ticketingOutcome(orderNo),
    (ctx, id, outcome) => settleTicketing(ctx.tx, settleDeps(ctx), id, ctx.now, outcome),
  ),
  [TRAIN_JOBS.grabCheck]: async ({ tx, now, job, deps }) => {
    // the railway's timetable and seat numbers are reference data the provider holds in memory: nothing is asked over the network
    await fulfilGrabs(
      tx,
      { railway: needDep(deps, 'railway'), searchCaches: needDep(deps, 'searchCaches') },
      String(job.payload.trainCode),
      String(job.payload.startDate),
      now,
    )
  },
  // a grab request's stop time: expired (and the contact told) unless fulfilled or withdrawn first
  [GRAB_EXPIRY_JOB]: async ({ tx, now, job }) => expireGrab(tx, idOf(job.payload, 'grabId'), now),
  // the railway's answers on refunds and changes (asked again when not due yet), a change's deadline
  [TRAIN_JOBS.refund]: railwayAnswerJob<AftersaleOutcome>(
    'refundId',
    (ctx, id) => refundDue(ctx.tx, settleDeps(ctx), id, ctx.now),
    (railway, orderNo) => railway.refundOutcome(orderNo),
    (ctx, id, outcome) => settleRefund(ctx.tx, settleDeps(ctx), id, ctx.now, outcome),
  ),
  [TRAIN_JOBS.change]: railwayAnswerJob<AftersaleOutcome>(
    'changeId',
    (ctx, id) => changeDue(ctx.tx, settleDeps(ctx), id, ctx.now),
    (railway, orderNo) => railway.changeOutcome(orderNo),
    (ctx, id, outcome) => settleChange(ctx.tx, settleDeps(ctx), id, ctx.now, outcome),
  ),
  [TRAIN_JOBS.changePayDeadline]: async ({ tx, now, job, deps }) =>
    expireChange(tx, { searchCaches: needDep(deps, 'searchCaches') }, idOf(job.payload, 'changeId'), now),
  // the SMS leaves with no transaction open; nothing to record after it
  [TRAIN_JOBS.sms]: callingJob({
    prepare: async ({ job }) => ({ plan: { to: String(job.payload.to), text: String(job.payload.text) } }),
    call: (sms: { to: string; text: string }, ctx) => needDep(ctx.deps, 'sender').send({ channel: 'sms', to: sms.to, subject: '', text: sms.text }),
    apply: async () => undefined,
  }),
}
