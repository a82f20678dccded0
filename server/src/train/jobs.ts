/**
 * The train jobs (train/orders/orders.ts TRAIN_JOBS): the unpaid order's deadline, the railway's
 * answer on ticketing, grab requests when seats come back, and the SMS that tells a grab came true.
 * Each runs in the runner's savepoint with the rows it changes locked, on whichever instance
 * claims it first, also after a restart.
 */
import { settleRefund } from './aftersales/aftersales'
import { expireChange, settleChange } from './aftersales/change-outcome'
import { expireGrab, fulfilGrabs, GRAB_EXPIRY_JOB } from './grabs'
import { TRAIN_JOBS, expireOrder, settleTicketing } from './orders/orders'
import { needDep, type JobHandler } from '../kernel/jobs/runner'

const orderIdOf = (payload: Record<string, unknown>): number => {
  const id = Number(payload.orderId)
  if (!Number.isInteger(id)) throw new Error('job payload without orderId')
  return id
}

const idOf = (payload: Record<string, unknown>, key: string): number => {
  const id = Number(payload[key])
  if (!Number.isInteger(id)) throw new Error(`job payload without ${key}`)
  return id
}

export const TRAIN_JOB_HANDLERS: Record<string, JobHandler> = {
  [TRAIN_JOBS.payDeadline]: async ({ tx, now, job, deps }) => expireOrder(tx, { searchCaches: needDep(deps, 'searchCaches') }, orderIdOf(job.payload), now),
  // not answered yet (the railway's delay): ask again when it is due
  [TRAIN_JOBS.ticketing]: async ({ tx, now, job, deps, log }) => {
    const { answerAt } = await settleTicketing(
      tx,
      {
        railway: needDep(deps, 'railway'),
        log,
        payables: needDep(deps, 'payables'),
        searchCaches: needDep(deps, 'searchCaches'),
        metrics: needDep(deps, 'metrics'),
      },
      orderIdOf(job.payload),
      now,
    )
    return answerAt ? { nextDueAt: answerAt } : undefined
  },
  [TRAIN_JOBS.grabCheck]: async ({ tx, now, job, deps }) => {
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
  [TRAIN_JOBS.refund]: async ({ tx, now, job, deps, log }) => {
    const { answerAt } = await settleRefund(
      tx,
      {
        railway: needDep(deps, 'railway'),
        log,
        payables: needDep(deps, 'payables'),
        searchCaches: needDep(deps, 'searchCaches'),
        metrics: needDep(deps, 'metrics'),
      },
      idOf(job.payload, 'refundId'),
      now,
    )
    return answerAt ? { nextDueAt: answerAt } : undefined
  },
  [TRAIN_JOBS.change]: async ({ tx, now, job, deps, log }) => {
    const { answerAt } = await settleChange(
      tx,
      {
        railway: needDep(deps, 'railway'),
        log,
        payables: needDep(deps, 'payables'),
        searchCaches: needDep(deps, 'searchCaches'),
        metrics: needDep(deps, 'metrics'),
      },
      idOf(job.payload, 'changeId'),
      now,
    )
    return answerAt ? { nextDueAt: answerAt } : undefined
  },
  [TRAIN_JOBS.changePayDeadline]: async ({ tx, now, job, deps }) =>
    expireChange(tx, { searchCaches: needDep(deps, 'searchCaches') }, idOf(job.payload, 'changeId'), now),
  [TRAIN_JOBS.sms]: async ({ job, deps }) => {
    await needDep(deps, 'sender').send({ channel: 'sms', to: String(job.payload.to), subject: '', text: String(job.payload.text) })
  },
}
