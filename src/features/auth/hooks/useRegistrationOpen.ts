import { getFormOverview } from '@contracts/calls/register'
import { quietCall } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'

/**
 * Whether the event takes registrations now (its form is loaded and open): the login page then
 * offers the way to register. Asked quietly: a failure only leaves the link out, the login itself
 * does not depend on it.
 */
export function useRegistrationOpen(eventCode: string): boolean {
  const overview = useQuery(eventCode ? `register:open:${eventCode}` : null, () => quietCall(getFormOverview, { eventCode }))
  return overview.data?.open === true
}
