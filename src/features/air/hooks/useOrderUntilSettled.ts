import { useEffect, useState } from 'react'
import type { AirOrderView } from '@contracts/calls/flight'
import { fetchOrder, isTicketing, pollOrder } from '../api/orders'

/** while the airline issues the tickets the order is read again this often (ticketing is asynchronous) */
export const TICKETING_POLL_MS = [2000, 3000, 5000, 8000, 10000]

/**
 * One order, read once, then again in the background for as long as it is being ticketed, with a
 * growing pause; stops once ticketed or failed (or when the page goes away).
 */
export function useOrderUntilSettled(orderId: number | null): { order: AirOrderView | null; failed: boolean; retry: () => void } {
  const [order, setOrder] = useState<AirOrderView | null>(null)
  const [failed, setFailed] = useState(false)
  const [run, setRun] = useState(0)
  useEffect(() => {
    if (orderId === null) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | null = null
    let attempt = 0
    const again = () => {
      timer = setTimeout(() => {
        pollOrder(orderId).then(
          (o) => {
            if (!live) return
            setOrder(o)
            if (isTicketing(o)) again()
          },
          // a bad network: keep asking, the page still shows what it has
          () => live && again(),
        )
      }, TICKETING_POLL_MS[Math.min(attempt++, TICKETING_POLL_MS.length - 1)])
    }
    setFailed(false)
    fetchOrder(orderId).then(
      (o) => {
        if (!live) return
        setOrder(o)
        if (isTicketing(o)) again()
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
      if (timer) clearTimeout(timer)
    }
  }, [orderId, run])
  return { order, failed, retry: () => setRun((n) => n + 1) }
}
