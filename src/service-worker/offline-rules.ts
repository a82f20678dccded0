/**
 * The numbers and names of the H5 service worker (./sw.ts). What it precaches is the build's
 * business (config/service-worker.ts: the build's config cannot load the app's sources).
 */
export const OFFLINE_RULES = {
  /**
   * How long a page load waits for the network before it takes the kept index.html: a venue
   * network that answers nothing in this time is as good as none. The network's answer, when it
   * comes, is still kept for the next visit.
   */
  pageNetworkTimeoutSeconds: 4,
  /** the kept index.html is under this one key, whatever address (every app page is index.html) */
  appPage: '/index.html',
  /** chunks of earlier builds and pages visited since are kept up to this many, the oldest dropped first */
  chunkCacheMaxEntries: 160,
  /** microsite and event pictures seen online, kept for offline up to this many */
  pictureCacheMaxEntries: 60,
  cacheNames: { pages: 'app-pages', chunks: 'app-chunks', pictures: 'app-pictures' },
} as const

/** addresses the server answers itself, never with the app's index.html: a navigation there goes to the network */
export const NOT_APP_PAGES: RegExp[] = [/^\/api(\/|$)/, /^\/dev(\/|$)/, /^\/files(\/|$)/, /^\/admin(\/|$)/, /^\/metrics$/, /^\/healthz$/, /^\/readyz$/]

/** a build file named with its content hash (config/index.ts output): never changes, so it is taken from the cache first */
export const isHashedBuildFile = (pathname: string): boolean => /^\/(js|css)\/[\w.-]+\.[0-9a-f]{8}\.(js|css)$/.test(pathname)

/** a picture the microsite or the event shows (server/src/kernel/http/plugins/static.ts serves /files/) */
export const isPicture = (pathname: string): boolean => /^\/files\/.+\.(png|jpe?g|gif|webp|svg)$/i.test(pathname)
