import { useCallback, useRef, useState } from 'react'
import type { AirOrderAction } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { cancelOrder, removeOrder, undoChange } from '../api/after-sales'

/**
 * The order page's buttons: the ones that go on elsewhere open their page (pay, refund, change,
 * pay the change); the ones that end or undo something ask first, then send once (the button
 * waits; a second tap while it is sent does nothing) and show the order as the server answers.
 */
export function useOrderActions(
  order: AirOrderView | null,
  show: (o: AirOrderView) => void,
): { busy: AirOrderAction | null; run: (a: AirOrderAction) => void } {
  const { t } = useI18n()
  const [busy, setBusy] = useState<AirOrderAction | null>(null)
  const sending = useRef(false)

  const send = useCallback(
    async (action: 'cancel' | 'cancelChange' | 'remove', orderId: number) => {
      if (sending.current) return
      if (!(await confirm({ content: t(`air.details.confirm.${action}`) }))) return
      sending.current = true
      setBusy(action)
      try {
        if (action === 'remove') {
          await removeOrder(orderId)
          toast(t('air.details.done.remove'))
          void redirectTo('travel', { tab: 'orders' })
          return
        }
        show(action === 'cancel' ? await cancelOrder(orderId) : await undoChange(orderId))
        toast(t(`air.details.done.${action}`))
      } catch {
        // the request client has said what went wrong; the order stays as it was on screen
      } finally {
        sending.current = false
        setBusy(null)
      }
    },
    [show, t],
  )

  const run = useCallback(
    (action: AirOrderAction) => {
      if (!order) return
      const q = { orderId: order.orderId }
      switch (action) {
        case 'pay':
          return void navigateTo('airPay', q)
        case 'refund':
          return void navigateTo('airDishonoredBill', q)
        case 'change':
        case 'payChange':
          return void navigateTo('airTicketChanging', q)
        default:
          return void send(action, order.orderId)
      }
    },
    [order, send],
  )
  return { busy, run }
}
