import { useCallback, useEffect, useState } from 'react'
import type { AirAfterSaleType } from '@contracts/calls/flight/after-sales'
import type { RefundEstimateView } from '@contracts/calls/flight/cancel-refund'
import { estimateRefund } from '../api/after-sales'

/** the estimate is asked this long after the last tick, not on every one */
const SETTLE_MS = 250

export interface RefundEstimate {
  state: 'idle' | 'loading' | 'ready' | 'failed'
  estimate: RefundEstimateView | null
  retry: () => void
}

/**
 * The refund estimate (getReissueRefundPriceMultiPlayer) for the passengers and type chosen, asked
 * again whenever they change; only the answer to the newest question is shown. Nothing is asked
 * until a passenger and a type are chosen.
 */
export function useRefundEstimate(orderId: number, passengerIds: number[], type: AirAfterSaleType | ''): RefundEstimate {
  const [state, setState] = useState<RefundEstimate['state']>('idle')
  const [estimate, setEstimate] = useState<RefundEstimateView | null>(null)
  const [run, setRun] = useState(0)
  const ids = [...passengerIds].sort((a, b) => a - b).join(',')
  useEffect(() => {
    setEstimate(null)
    if (!ids || !type) {
      setState('idle')
      return
    }
    let live = true
    setState('loading')
    const timer = setTimeout(() => {
      estimateRefund({ orderId, passengerIds: ids.split(',').map(Number), type }).then(
        (e) => {
          if (!live) return
          setEstimate(e)
          setState('ready')
        },
        () => live && setState('failed'),
      )
    }, SETTLE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [orderId, ids, type, run])
  const retry = useCallback(() => setRun((n) => n + 1), [])
  return { state, estimate, retry }
}
