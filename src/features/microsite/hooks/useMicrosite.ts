import type { MicrositeView } from '@contracts/calls/microsite'
import { useAppStore } from '@/store'
import { useQuery, type Query } from '@/lib/useQuery'
import { fetchMicrosite } from '../api/get-microsite'
import { redirectFor } from '../model/access'
import { useRedirect } from './useRedirect'

/**
 * The microsite of the current event and what the server says of the caller's access, fetched on
 * every microsite page (it may have been switched off, or the attendee logged out, since the last
 * page); a closed one, a guest or a wrong type are sent on at once (spec §5, §6).
 */
export function useMicrosite(): Query<MicrositeView> {
  const eventHashCode = useAppStore((s) => s.eventHashCode)
  const eventCode = useAppStore((s) => s.eventCode)
  const token = useAppStore((s) => s.token)
  const key = eventHashCode || eventCode ? `ms:site:${eventHashCode ?? ''}:${eventCode ?? ''}:${token ?? ''}` : null
  const q = useQuery(key, () => fetchMicrosite({ eventHashCode, eventCode }))
  useRedirect(q.status === 'success' && q.data ? redirectFor(q.data) : null)
  return q
}
