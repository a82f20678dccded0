import { useEffect, useState } from 'react'
import type { EventInfo } from '@contracts/event'
import { useAppStore } from '@/store'
import { loadEvent } from '@/lib/event'
import { RequestError } from '@/lib/request'

export type EventLoad =
  | { state: 'loading' }
  | { state: 'ready'; event: EventInfo }
  /** no ehc/ec in the address nor stored */
  | { state: 'missing' }
  | { state: 'notFound' }
  | { state: 'failed' }

/**
 * The event of the address (or the stored one), fetched fresh on every mount: its dates and
 * login rules can change, and a stored copy only fills the screen while the fresh one arrives.
 */
export function useCurrentEvent(): { load: EventLoad; reload: () => void } {
  const eventHashCode = useAppStore((s) => s.eventHashCode)
  const eventCode = useAppStore((s) => s.eventCode)
  const stored = useAppStore((s) => s.event)
  const [attempt, setAttempt] = useState(0)
  const [load, setLoad] = useState<EventLoad>(() =>
    stored && (stored.eventHashCode === eventHashCode || stored.eventCode === eventCode)
      ? { state: 'ready', event: stored }
      : { state: 'loading' },
  )

  useEffect(() => {
    if (!eventHashCode && !eventCode) {
      setLoad({ state: 'missing' })
      return
    }
    let cancelled = false
    loadEvent({ eventHashCode, eventCode })
      .then((event) => {
        if (!cancelled) setLoad(event ? { state: 'ready', event } : { state: 'notFound' })
      })
      .catch((e: unknown) => {
        if (cancelled) return
        if (e instanceof RequestError && e.msgId === 'EEVT1001') setLoad({ state: 'notFound' })
        else setLoad((cur) => (cur.state === 'ready' ? cur : { state: 'failed' }))
      })
    return () => {
      cancelled = true
    }
  }, [eventHashCode, eventCode, attempt])

  return { load, reload: () => setAttempt((a) => a + 1) }
}
