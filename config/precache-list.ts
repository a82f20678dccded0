/**
 * What a service worker precaches, kept to the files it needs offline: the app's page under its
 * key and the wanted build files. Both builds list every file first (the H5's through
 * workbox-webpack-plugin, config/service-worker.ts; the console's through workbox-build,
 * console/build/service-worker.ts), then keep these through a manifest transform.
 */
export type ManifestEntry = { url: string; revision: string | null; size: number }

/**
 * @param appPage the page's URL as the worker keeps it (e.g. `/index.html`)
 * @param wanted the files as the build names them, without the URL's prefix (`js/app.1234abcd.js`)
 * @param prefix what the URLs carry before those names (`/`, `/admin/`)
 */
export function keepOnly(entries: ManifestEntry[], appPage: string, wanted: Set<string>, prefix: string): { manifest: ManifestEntry[]; warnings: string[] } {
  const manifest = entries.filter((e) => e.url === appPage || (e.url.startsWith(prefix) && wanted.has(e.url.slice(prefix.length))))
  return { manifest, warnings: [] }
}
