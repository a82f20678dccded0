import type { TrainOrderView } from '@contracts/calls/train/orders'
import { useQuery } from '@/lib/useQuery'
import { fetchOrder } from '../api/orders'

/** one order, asked for again whenever the page comes back into view (`refresh`) */
export function useOrder(orderId: number | null) {
  return useQuery<TrainOrderView>(orderId ? `train:order:${orderId}` : null, () => fetchOrder(orderId as number))
}

/** the order id of a page's address; null when missing or not a number */
export function orderIdOf(params: Record<string, string | undefined>): number | null {
  const n = Number(params.orderId)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
