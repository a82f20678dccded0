import type { EventInfo } from '@contracts/event'
import { appState, useAppStore } from '@/store'
import { loadEvent } from '@/lib/event'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'

/** an event fetched this long ago still counts as fresh */
export const EVENT_FRESH_MS = 30_000

const matches = (e: EventInfo, eventHashCode: string | null, eventCode: string | null): boolean =>
  (eventHashCode === null || e.eventHashCode === eventHashCode) && (eventCode === null || e.eventCode === eventCode)

export type EventLoad =
  | { state: 'loading' }
  /**
   * fresh: from the server just now (a stored copy from an earlier visit only fills the screen
   * meanwhile); unreachable: the stored copy is all there is, the fresh one could not be loaded
   * (offline, or the server did not answer)
   */
  | { state: 'ready'; event: EventInfo; fresh: boolean; unreachable: boolean }
  /** no ehc/ec in the address nor stored */
  | { state: 'missing' }
  | { state: 'notFound' }
  /** offline: the network failed, not the server */
  | { state: 'failed'; offline: boolean }

/**
 * The event of the address (or the stored one), fetched fresh on every mount — its dates and
 * login rules can change — unless the page before fetched it within EVENT_FRESH_MS. A stored copy
 * from an earlier visit only fills the screen while the fresh one arrives.
 */
export function useCurrentEvent(): { load: EventLoad; reload: () => void } {
  const eventHashCode = useAppStore((s) => s.eventHashCode)
  const eventCode = useAppStore((s) => s.eventCode)
  // the identifier the address gave; storing the answer fills in the other one (ehc brings ec),
  // which finds the stored event fresh and so does not fetch it again
  const key = eventHashCode ? `event:h:${eventHashCode}` : eventCode ? `event:c:${eventCode}` : null
  const q = useQuery(key, () => loadEvent({ eventHashCode, eventCode }), {
    freshMs: EVENT_FRESH_MS,
    peek: () => {
      const { event, eventLoadedAt } = appState()
      return event && matches(event, eventHashCode, eventCode) ? { data: event, fetchedAt: eventLoadedAt } : undefined
    },
  })
  return { load: eventLoadOf(q.status, q.data, q.fresh, q.error), reload: q.retry }
}

function eventLoadOf(status: string, event: EventInfo | null | undefined, fresh: boolean, error: unknown): EventLoad {
  if (status === 'idle') return { state: 'missing' }
  if (status === 'success' && !event) return { state: 'notFound' }
  if (status === 'error' && error instanceof RequestError && error.msgId === 'EEVT1001') return { state: 'notFound' }
  // a failed refresh keeps showing the stored copy
  if (event) return { state: 'ready', event, fresh: status === 'success' && fresh, unreachable: status === 'error' }
  return status === 'error' ? { state: 'failed', offline: error instanceof RequestError && error.kind === 'network' } : { state: 'loading' }
}
