import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { isMissingRecord } from '@/lib/request'
import { fetchOrder, pollOrder } from '../api/orders'

export interface LiveOrder {
  order: AirOrderView | null
  /** the first read failed (nothing to show) */
  failed: boolean
  /** the server has no such order for this attendee (ESYS0004): a retry cannot help */
  missing: boolean
  /** read again now (after an action, or a retry after a failure) */
  reload: () => void
  /** put an answer the page already has (an action's reply) on screen without reading again */
  replace: (o: AirOrderView) => void
}

/**
 * One order, read once, then again quietly in the background while `busy(order)` holds (the
 * airline is ticketing, refunding or changing), with the growing pauses of `delays` (the last one
 * repeats). Nothing is read while the page is hidden (another page on top, the app in the
 * background): reading resumes, at once, when it shows again. Stops when the page goes away.
 */
export function useLiveOrder(orderId: number | null, busy: (o: AirOrderView) => boolean, delays: readonly number[]): LiveOrder {
  const [order, setOrder] = useState<AirOrderView | null>(null)
  const [failed, setFailed] = useState(false)
  const [missing, setMissing] = useState(false)
  const [run, setRun] = useState(0)
  const [hidden, setHidden] = useState(false)
  const busyRef = useRef(busy)
  busyRef.current = busy
  const orderRef = useRef<AirOrderView | null>(null)
  orderRef.current = order
  // the first read of this page (or a reload) is a normal one; the rest are quiet
  const first = useRef(true)
  // an answer the page already has (replace): no read now, only the polling it calls for
  const given = useRef(false)

  useDidHide(() => setHidden(true))
  useDidShow(() => setHidden(false))

  useEffect(() => {
    if (orderId === null || hidden) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | null = null
    let attempt = 0
    const take = (o: AirOrderView) => {
      if (!live) return
      setOrder(o)
      setFailed(false)
      setMissing(false)
      if (busyRef.current(o)) schedule()
    }
    const schedule = () => {
      timer = setTimeout(
        () => {
          pollOrder(orderId).then(take, () => live && schedule())
        },
        delays[Math.min(attempt++, delays.length - 1)],
      )
    }
    if (given.current) {
      given.current = false
      if (orderRef.current && busyRef.current(orderRef.current)) schedule()
    } else if (first.current) {
      first.current = false
      fetchOrder(orderId).then(take, (e: unknown) => {
        if (!live) return
        setFailed(true)
        setMissing(isMissingRecord(e))
      })
    } else {
      // shown again, or reloaded: one quiet read now (what happened meanwhile), then as before
      pollOrder(orderId).then(take, (e: unknown) => {
        if (!live) return
        if (!orderRef.current) {
          setFailed(true)
          setMissing(isMissingRecord(e))
        } else if (busyRef.current(orderRef.current)) schedule()
      })
    }
    return () => {
      live = false
      if (timer) clearTimeout(timer)
    }
  }, [orderId, run, hidden, delays])

  const reload = useCallback(() => setRun((n) => n + 1), [])
  const replace = useCallback((o: AirOrderView) => {
    given.current = true
    orderRef.current = o
    setOrder(o)
    setRun((n) => n + 1)
  }, [])
  return { order, failed, missing, reload, replace }
}
