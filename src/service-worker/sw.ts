/**
 * The H5 service worker: the app keeps working through a dropped connection.
 * - The app shell and the pages an attendee needs at the door are precached at install
 *   (their list is written in by the build: config/service-worker.ts).
 * - A page load asks the network first (a new build takes over on the next visit it reaches) and
 *   falls back to the index.html last kept, then to the precached one; every app address is the
 *   same index.html, kept under one key.
 * - Other build files are kept as they are fetched: their names carry their content hash, so a kept
 *   file is always the right one, and an index.html of one build never gets another build's files.
 * - The data (attendance code, schedule, home entries) is not here: the API is POST, and the app
 *   keeps its last answers itself (src/features/eventday/hooks/useOfflineQuery.ts), as the
 *   mini-program does.
 * No skipWaiting: a page still open on the old build keeps the old worker and its files until it is
 * closed, so it never asks the server for a file the new build no longer has.
 */
import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { clientsClaim } from 'workbox-core'
import { isHashedBuildFile, isPicture, NOT_APP_PAGES, OFFLINE_RULES } from './offline-rules'

declare const self: { __WB_MANIFEST: Array<PrecacheEntry | string>; location: Location }

cleanupOutdatedCaches()
// the first visit's page is served by the worker from its activation on (its later chunks are
// kept for offline); a later worker activates only once the old build's pages are closed, so
// claiming them then takes none from an old worker
clientsClaim()
// kept at install, answered by the routes below (precacheAndRoute would answer "/" with the
// precached index.html itself, before the network is asked)
precache(self.__WB_MANIFEST)

const sameOrigin = (url: URL) => url.origin === self.location.origin

const pages = new NetworkFirst({
  cacheName: OFFLINE_RULES.cacheNames.pages,
  networkTimeoutSeconds: OFFLINE_RULES.pageNetworkTimeoutSeconds,
  plugins: [{ cacheKeyWillBeUsed: async () => OFFLINE_RULES.appPage }],
})
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options)
      } catch {
        // nothing kept yet from the network: the index.html precached at install
        return (await matchPrecache(OFFLINE_RULES.appPage)) ?? Response.error()
      }
    },
    { denylist: NOT_APP_PAGES },
  ),
)

const chunks = new CacheFirst({
  cacheName: OFFLINE_RULES.cacheNames.chunks,
  plugins: [new ExpirationPlugin({ maxEntries: OFFLINE_RULES.chunkCacheMaxEntries })],
})
registerRoute(
  ({ url }) => sameOrigin(url) && isHashedBuildFile(url.pathname),
  async (options) => (await matchPrecache(options.request)) ?? chunks.handle(options),
)

registerRoute(
  ({ url }) => sameOrigin(url) && isPicture(url.pathname),
  new StaleWhileRevalidate({
    cacheName: OFFLINE_RULES.cacheNames.pictures,
    plugins: [new ExpirationPlugin({ maxEntries: OFFLINE_RULES.pictureCacheMaxEntries })],
  }),
)
