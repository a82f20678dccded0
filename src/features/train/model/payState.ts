/**
 * An order's payment as the server sees it, for the WeChat Pay panel (features/payment polls it
 * after the cashier closes): paid once the order has left toBePaid for ticketing (or beyond),
 * closed when it can no longer be paid.
 */
import type { TrainOrderStatus } from '@contracts/train'

export type TrainPayState = 'paid' | 'unpaid' | 'closed'

export function payStateOf(status: TrainOrderStatus): TrainPayState {
  if (status === 'toBePaid') return 'unpaid'
  if (status === 'canceled' || status === 'overdue') return 'closed'
  return 'paid'
}
