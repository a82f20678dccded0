/**
 * What the travel desk does to an order ('orders.act'), through the attendee's own code paths and
 * rules: cancel an unpaid order, refund it (./refunds.ts), and retry a ticketing whose job gave up.
 *
 * Each action runs in one transaction with its audit row; the domain's own function runs inside it
 * (its transaction becomes a savepoint), so its row locks and state checks are the attendee's: a
 * desk refund racing the attendee's refund waits on the order's row and the second is refused by
 * the state machine. A double click sends the same key and gets the first answer (`once`).
 */
import type { DeskAction, DeskActionRequest, DeskActionResult } from '@contracts/admin/orders'
import { actOnDeskOrder } from '@contracts/admin/orders'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Lang } from '@contracts/messages'
import { AppError } from '../../kernel/errors'
import { once } from '../../kernel/http/idempotency'
import { retryFailedJob } from '../../kernel/jobs/repository'
import { recordChange } from '../../audit/record'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import { cancelOrder as cancelAirOrder } from '../../air/aftersales'
import { airOrderById } from '../../air/repositories/air'
import { cancelOrder as cancelTrainOrder } from '../../train/orders/orders'
import { lockOrder } from '../../train/repositories/orders'
import { failedTicketingJobs } from '../repositories/desk'
import { inTx, ownerOf, type Acting, type DeskDeps } from './acting'
import { prepareRefund, refundOrder } from './refunds'
import { deskOrdersOf, TICKETING_JOB } from './views'

export type { DeskDeps } from './acting'

/** the order of the event, locked, as the audit row names it; another event's order is missing */
async function lockedOrder(a: Acting): Promise<{ orderNo: string; status: string; userId: number }> {
  const row = a.kind === 'train' ? await lockOrder(a.tx, a.orderId) : await airOrderById(a.tx, a.orderId, { forUpdate: true })
  if (!row || row.eventId !== a.eventId) throw new AppError('ESYS0004')
  return { orderNo: 'orderNo' in row ? row.orderNo : row.orderCode, status: row.status, userId: row.userId }
}

async function cancel(a: Acting, userId: number): Promise<void> {
  if (a.kind === 'train') await cancelTrainOrder(inTx(a), ownerOf(a, userId), a.orderId, a.lang)
  else await cancelAirOrder(inTx(a), ownerOf(a, userId), a.orderId, a.lang)
}

/** puts a ticketing job that gave up back in the queue, once: a second call finds it queued and is refused */
async function retryTicketing(a: Acting, status: string): Promise<void> {
  if (status !== (a.kind === 'train' ? 'ticketing' : 'awaitingIssue')) throw new AppError('EADM7403')
  const [job] = await failedTicketingJobs(a.tx, TICKETING_JOB[a.kind], [a.orderId])
  if (!job || !(await retryFailedJob(a.tx, job.id, a.now))) throw new AppError('EADM7403')
}

const AUDIT_ACTION: Record<DeskAction, string> = { cancel: 'orders.cancel', refund: 'orders.refund', retryTicketing: 'orders.retryTicketing' }

export async function actOnOrder(deps: DeskDeps, session: StaffSession, req: DeskActionRequest, lang: Lang): Promise<DeskActionResult> {
  const asked = req.action === 'refund' ? await prepareRefund(deps, req.kind, req.orderId, lang) : null
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: actOnDeskOrder.path, userId: session.staff.id, key: req.idempotencyKey, request: req }, now, async () => {
      const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['orders.act'])
      const a: Acting = { tx, deps, kind: req.kind, orderId: req.orderId, eventId: event.id, key: req.idempotencyKey, lang, now }
      const before = await lockedOrder(a)
      if (req.action === 'cancel') await cancel(a, before.userId)
      else if (req.action === 'refund') await refundOrder(a, before.userId, before.status, asked)
      else await retryTicketing(a, before.status)
      const [order] = await deskOrdersOf(tx, event.id, [{ kind: req.kind, id: req.orderId }], lang)
      await recordChange(tx, {
        staffId: session.staff.id,
        eventId: event.id,
        action: AUDIT_ACTION[req.action],
        target: before.orderNo,
        before: null,
        after: { kind: req.kind, orderNo: before.orderNo, statusBefore: before.status, status: order.status, refundingFen: order.refundingFen },
        at: now,
      })
      return { order }
    })
  })
}
