/**
 * The console's service worker (/admin/sw.js, scope /admin/): the check-in desk opens after a
 * reload with no network.
 * - Precached at install (the list is written in by the build, console/build/service-worker.ts):
 *   index.html, the files every page loads and the desk's.
 * - A page load asks the network first, so an online visit always gets the current build's page,
 *   whose files then come from the network; with no network (or none within the timeout) it gets
 *   the precached index.html, whose files are all precached with it: one build, never a mix.
 * - Build files are answered from the precache, else from the network; nothing else is touched:
 *   the API goes to the network as it would without a worker (the desk keeps its data in IndexedDB).
 * No skipWaiting: a page open on the old build keeps the old worker and its precache until it is
 * closed, so a page it loads later never asks for a file the new build no longer has; the next
 * visit after that is the new worker's.
 */
import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { clientsClaim } from 'workbox-core'
import { CONSOLE_WORKER_RULES as RULES } from './worker-rules'

declare const self: { __WB_MANIFEST: Array<PrecacheEntry | string>; location: Location }

cleanupOutdatedCaches()
// the first visit's page is served by the worker from its activation on; a later worker activates
// only once the old build's pages are closed, so claiming them then takes none from an old worker
clientsClaim()
// kept at install, answered by the routes below (precacheAndRoute would answer a page load with
// the precached index.html before the network is asked)
precache(self.__WB_MANIFEST)

const pages = new NetworkOnly({ networkTimeoutSeconds: RULES.pageNetworkTimeoutSeconds })
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options)
      } catch {
        return (await matchPrecache(RULES.appPage)) ?? Response.error()
      }
    },
    { allowlist: [new RegExp(`^${RULES.scope}`)] },
  ),
)

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(RULES.assets),
  async ({ request }) => (await matchPrecache(request)) ?? fetch(request),
)
