import type { EventDayInfo } from '@contracts/calls/eventday'
import { useAppStore } from '@/store'
import { fetchEventDayInfo } from '../api'
import { useOfflineQuery } from './useOfflineQuery'

/** the event's home entries, information, venue and contacts (kept for offline) */
export function useEventDayInfo() {
  const eventCode = useAppStore((s) => s.eventCode)
  return useOfflineQuery<EventDayInfo>(eventCode ? `eventday:${eventCode}` : null, () => fetchEventDayInfo(eventCode!))
}
