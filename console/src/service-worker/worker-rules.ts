/**
 * The numbers and names of the console's service worker (./sw.ts); what it precaches is the
 * build's business (console/build/service-worker.ts).
 */
export const CONSOLE_WORKER_RULES = {
  /** the worker's address and the part of the site it serves (the server serves dist/console at /admin/) */
  url: '/admin/sw.js',
  scope: '/admin/',
  /** every console address is this one page: the worker keeps it under this key */
  appPage: '/admin/index.html',
  /** Vite's hashed build files: their names change with their content */
  assets: '/admin/assets/',
  /**
   * How long a page load waits for the network before it takes the precached page: a door's
   * network that answers nothing in this time is as good as none (the attendee app's worker waits
   * as long: src/service-worker/offline-rules.ts)
   */
  pageNetworkTimeoutSeconds: 4,
} as const
