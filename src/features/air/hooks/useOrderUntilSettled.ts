import type { AirOrderView } from '@contracts/calls/flight/booking'
import { isTicketing } from '../api/orders'
import { useLiveOrder } from './useLiveOrder'

/** while the airline issues the tickets the order is read again this often (ticketing is asynchronous) */
export const TICKETING_POLL_MS = [2000, 3000, 5000, 8000, 10000]

/**
 * One order, read once, then again in the background for as long as it is being ticketed, with a
 * growing pause; stops once ticketed or failed (or when the page goes away or is hidden).
 */
export function useOrderUntilSettled(orderId: number | null): { order: AirOrderView | null; failed: boolean; missing: boolean; retry: () => void } {
  const { order, failed, missing, reload } = useLiveOrder(orderId, isTicketing, TICKETING_POLL_MS)
  return { order, failed, missing, retry: reload }
}
