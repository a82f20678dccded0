import { getEvent, getEventByHash } from '@contracts/calls/event'
import type { EventInfo } from '@contracts/event'
import { appState } from '@/store'
import { callResult } from './request'
import { routeNameOf, type RouteName } from './router/routes'

/** the event requests on their way, by what they ask for: a second asker joins the first */
const inFlight = new Map<string, Promise<EventInfo | null>>()

/**
 * The current event is app-wide state (every page title, the guard and the share card read it),
 * so loading it lives here rather than in a feature.
 * Resolves null when the event does not exist (the server said EEVT1001, already toasted).
 * Asked again for the same event while a request for it is on its way, it answers with that request
 * (one request, one toast): the app starts the load at launch (`preloadEvent`) and the entry page,
 * mounted later, takes that answer instead of sending its own. The call is `auth: 'none'` and its
 * answer holds both languages, so nothing about the asker changes the answer.
 */
export function loadEvent(params: { eventHashCode?: string | null; eventCode?: string | null }): Promise<EventInfo | null> {
  const key = params.eventHashCode ? `h:${params.eventHashCode}` : `c:${params.eventCode ?? ''}`
  const pending = inFlight.get(key)
  if (pending) return pending
  const load = fetchEvent(params).finally(() => inFlight.delete(key))
  inFlight.set(key, load)
  return load
}

async function fetchEvent(params: { eventHashCode?: string | null; eventCode?: string | null }): Promise<EventInfo | null> {
  const r = params.eventHashCode
    ? await callResult(getEventByHash, { eventHashCode: params.eventHashCode })
    : await callResult(getEvent, { eventCode: params.eventCode ?? '' })
  if (r.kind !== 'data' || !r.data) return null
  appState().setEvent(r.data)
  if (r.data.permissionType === 4) appState().setSomeUserTypes(r.data.someUserTypes)
  return r.data
}

/** the pages that draw the event first (their EventGate waits for it): the entry page and its two successors */
const EVENT_FIRST_PAGES: ReadonlySet<RouteName> = new Set<RouteName>(['index', 'login', 'home'])

/**
 * At launch, before the entry page's code has even arrived (H5 loads it as its own chunk): start
 * fetching the event of the address when the app opens on a page that draws it first (its title
 * is the largest thing on the home page). The page's own load joins this request (see
 * loadEvent). Other pages (a link straight to the train results) do not wait for the event, and
 * an extra request there would only compete with theirs.
 */
export function preloadEvent(params: { eventHashCode?: string; eventCode?: string }, launchPath: string | undefined): void {
  if (!params.eventHashCode && !params.eventCode) return
  const route = launchPath === undefined ? undefined : routeNameOf(launchPath)
  if (!route || !EVENT_FIRST_PAGES.has(route)) return
  void loadEvent(params).catch(() => null)
}
