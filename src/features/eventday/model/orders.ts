import type { OrderSummary } from '@contracts/calls/orders'
import type { RouteName } from '@/lib/router/routes'

/** amounts in fen as yuan with two decimals (integers only: no float rounding of money) */
export function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(fen))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * The page an order of the list opens: an unpaid one its payment page, any other its ticket page
 * (which follows ticketing, shows tickets, failures and refunds); a train order opens its order
 * details (an overdue one the page that books it again); an air order past payment its order details
 * (tickets, refund, change, every status of spec §4).
 */
export function orderPageOf(o: Pick<OrderSummary, 'kind' | 'status' | 'orderId'>): { route: RouteName; query: { orderId: number } } {
  const query = { orderId: o.orderId }
  if (o.kind === 'train')
    return { route: o.status === 'toBePaid' ? 'trainToBePaid' : o.status === 'overdue' ? 'trainPaymentOverdue' : 'trainOrderDetails', query }
  return { route: ['new', 'toBePaid'].includes(o.status) ? 'airPay' : 'airOrderDetails', query }
}
