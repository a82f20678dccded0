import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import type { OrderTickets, TrainOrderView } from '@contracts/calls/train/orders'
import type { TrainOrderAction } from '@contracts/train'
import { confirm, toast } from '@/lib/feedback'
import { RequestError, isMissingRecord } from '@/lib/request'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { refreshOrderQuietly, removeOrder } from '../api/after-sales'
import { cancelOrder, fetchTickets } from '../api/orders'
import { useI18n, type MessageKey } from '../i18n'
import { afterSalesPollDelay, detailsActionsOf, isMoving, rebookDraftOf, reservationQueryOf } from '../model/after-sales'
import { useBackoffPolling } from './useBackoffPolling'
import { orderIdOf, useOrder } from './useOrder'
import { useShownAgain } from './useShownAgain'

/** the order details once the order is there */
export interface OrderDetailsView {
  order: TrainOrderView
  /** the issued tickets (once the order has a pickup number) */
  tickets: OrderTickets | undefined
  actions: TrainOrderAction[]
  /** the action under way (its button shows it) */
  busy: TrainOrderAction | null
  onAction: (a: TrainOrderAction) => Promise<void>
  /** the refund sheet is open */
  refunding: boolean
  closeRefund: () => void
  /** the refund sheet's answer: the order as the refund left it */
  refunded: (updated: TrainOrderView) => void
}

export type OrderDetailsState = { kind: 'missing' } | { kind: 'loadFailed'; retry: () => void } | { kind: 'loading' } | ({ kind: 'ready' } & OrderDetailsView)

/**
 * orderDetailsPage's state: the order (fetched again when the page is shown again), its tickets,
 * and while the railway works on it (ticketing, refund, change) quiet refreshes less and less
 * often, not while the page is hidden; the actions the server allows, each confirmed first.
 */
export function useOrderDetails(): OrderDetailsState {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const order = useOrder(orderId)
  const [latest, setLatest] = useState<TrainOrderView | null>(null)
  // the newest answer is shown: a full fetch (first, or the page shown again) drops the quiet one
  useEffect(() => setLatest(null), [order.data])
  const o = latest ?? order.data
  const tickets = useQuery<OrderTickets>(o && o.pickupNo && orderId ? `train:tickets:${orderId}:${o.status}` : null, () => fetchTickets(orderId as number))
  const [busy, setBusy] = useState<TrainOrderAction | null>(null)
  const [refunding, setRefunding] = useState(false)
  const setDraft = useAppStore((s) => s.setTrainDraft)
  useShownAgain(() => order.retry())
  useBackoffPolling(() => refreshOrderQuietly(orderId as number).then(setLatest), afterSalesPollDelay, !!o && !!orderId && isMoving(o.status))

  if (!orderId || (!o && isMissingRecord(order.error))) return { kind: 'missing' }
  if (order.status === 'error' && !o) return { kind: 'loadFailed', retry: order.retry }
  if (!o) return { kind: 'loading' }

  const reload = () => {
    setLatest(null)
    order.retry()
  }
  const run = async (a: TrainOrderAction, confirmKey: MessageKey, doIt: () => Promise<unknown>, doneKey: MessageKey) => {
    if (busy || !(await confirm({ content: t(confirmKey) }))) return false
    setBusy(a)
    try {
      await doIt()
      toast(t(doneKey))
      return true
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      return false
    } finally {
      setBusy(null)
    }
  }
  const onAction = async (a: TrainOrderAction) => {
    // a change waiting for its fare difference is paid on the change page, the order itself on paymentPage
    if (a === 'pay' && o.changeToPay) return void navigateTo('trainTicketChanges', { orderId: o.id, changeId: o.changeToPay.changeId })
    if (a === 'pay') return void navigateTo('trainPayment', { orderId: o.id })
    if (a === 'change') return void navigateTo('trainTicketChanges', { orderId: o.id })
    if (a === 'refund') return setRefunding(true)
    if (a === 'rebook') {
      // the same train again with the same travellers filled in: a new order
      setDraft(rebookDraftOf(o))
      return void navigateTo('trainOneWayReservation', reservationQueryOf(o))
    }
    if (a === 'cancel') {
      // trainCancelOrder has no loading indicator (spec §7 *): the button shows it
      if (await run('cancel', 'train.pay.cancelConfirm', () => cancelOrder(o.id), 'train.pay.canceled')) reload()
      return
    }
    if (await run('remove', 'train.orders.removeConfirm', () => removeOrder(o.id), 'train.orders.removed')) void redirectTo('trainMyOrder')
  }

  return {
    kind: 'ready',
    order: o,
    tickets: tickets.data,
    actions: detailsActionsOf(o),
    busy,
    onAction,
    refunding,
    closeRefund: () => setRefunding(false),
    refunded: (updated) => {
      setRefunding(false)
      setLatest(updated)
    },
  }
}
