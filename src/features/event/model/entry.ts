import { eventTimeState, type EventInfo } from '@contracts/event'
import type { RouteName } from '@/lib/router/routes'

/** where the entry page sends an attendee (spec §2, §4): closed site, ended event, home or login */
export function entryDestination(event: EventInfo, token: string | null, now: number): RouteName {
  if (!event.enabled) return 'notEnabled'
  if (eventTimeState(event, now) === 'ended') return 'eventEnd'
  return token ? 'home' : 'login'
}
