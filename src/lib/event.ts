import { getEvent, getEventByHash } from '@contracts/calls/event'
import type { EventInfo } from '@contracts/event'
import { appState } from '@/store'
import { callResult } from './request'

/**
 * The current event is app-wide state (every page title, the guard and the share card read it),
 * so loading it lives here rather than in a feature.
 * Resolves null when the event does not exist (the server said EEVT1001, already toasted).
 */
export async function loadEvent(params: { eventHashCode?: string | null; eventCode?: string | null }): Promise<EventInfo | null> {
  const r = params.eventHashCode
    ? await callResult(getEventByHash, { eventHashCode: params.eventHashCode })
    : await callResult(getEvent, { eventCode: params.eventCode ?? '' })
  if (r.kind !== 'data' || !r.data) return null
  appState().setEvent(r.data)
  if (r.data.permissionType === 4) appState().setSomeUserTypes(r.data.someUserTypes)
  return r.data
}
