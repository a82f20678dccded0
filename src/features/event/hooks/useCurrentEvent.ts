import { useEffect, useRef, useState } from 'react'
import type { EventInfo } from '@contracts/event'
import { appState, useAppStore } from '@/store'
import { loadEvent } from '@/lib/event'
import { RequestError } from '@/lib/request'

/** an event fetched this long ago still counts as fresh */
export const EVENT_FRESH_MS = 30_000

const isRecent = (loadedAt: number | null): boolean => loadedAt !== null && Date.now() - loadedAt < EVENT_FRESH_MS

const matches = (e: EventInfo, eventHashCode: string | null, eventCode: string | null): boolean =>
  (eventHashCode === null || e.eventHashCode === eventHashCode) && (eventCode === null || e.eventCode === eventCode)

export type EventLoad =
  | { state: 'loading' }
  /** fresh: from the server just now (a stored copy from an earlier visit only fills the screen meanwhile) */
  | { state: 'ready'; event: EventInfo; fresh: boolean }
  /** no ehc/ec in the address nor stored */
  | { state: 'missing' }
  | { state: 'notFound' }
  | { state: 'failed' }

/**
 * The event of the address (or the stored one), fetched fresh on every mount — its dates and
 * login rules can change — unless the page before fetched it within EVENT_FRESH_MS. A stored copy
 * from an earlier visit only fills the screen while the fresh one arrives.
 */
export function useCurrentEvent(): { load: EventLoad; reload: () => void } {
  const eventHashCode = useAppStore((s) => s.eventHashCode)
  const eventCode = useAppStore((s) => s.eventCode)
  const [attempt, setAttempt] = useState(0)
  const [load, setLoad] = useState<EventLoad>(() => {
    const { event, eventLoadedAt } = appState()
    if (!event || (event.eventHashCode !== eventHashCode && event.eventCode !== eventCode)) return { state: 'loading' }
    return { state: 'ready', event, fresh: isRecent(eventLoadedAt) }
  })
  // what this mount asked for last: storing the answer fills in the identifier the address
  // lacked (ehc brings ec), which must not count as a new address and fetch the event again
  const sequence = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const requested = useRef<{ eventHashCode: string | null; eventCode: string | null; attempt: number } | null>(null)

  useEffect(() => {
    if (!eventHashCode && !eventCode) {
      setLoad({ state: 'missing' })
      return
    }
    const last = requested.current
    if (
      last &&
      last.attempt === attempt &&
      (last.eventHashCode === null || last.eventHashCode === eventHashCode) &&
      (last.eventCode === null || last.eventCode === eventCode)
    ) {
      return
    }
    requested.current = { eventHashCode, eventCode, attempt }
    // the page before this one (entry → login → home) has just fetched it: no second request
    const { event: stored, eventLoadedAt } = appState()
    if (attempt === 0 && stored && isRecent(eventLoadedAt) && matches(stored, eventHashCode, eventCode)) {
      setLoad({ state: 'ready', event: stored, fresh: true })
      return
    }
    // only the newest fetch may answer; a skipped re-run (above) must not cancel it, so this is
    // a sequence number rather than the effect's cleanup
    const mine = ++sequence.current
    const current = () => mounted.current && mine === sequence.current
    loadEvent({ eventHashCode, eventCode })
      .then((event) => {
        if (current()) setLoad(event ? { state: 'ready', event, fresh: true } : { state: 'notFound' })
      })
      .catch((e: unknown) => {
        if (!current()) return
        if (e instanceof RequestError && e.msgId === 'EEVT1001') setLoad({ state: 'notFound' })
        else setLoad((cur) => (cur.state === 'ready' ? cur : { state: 'failed' }))
      })
  }, [eventHashCode, eventCode, attempt])

  return { load, reload: () => setAttempt((a) => a + 1) }
}
