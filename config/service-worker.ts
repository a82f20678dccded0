/**
 * The H5 service worker in the build: workbox's InjectManifest compiles src/service-worker/sw.ts to
 * dist/h5/sw.js and writes into it the files to precache at install: index.html, the app shell and
 * the pages an attendee reloads offline (PRECACHED below). Those pages' files
 * are read from webpack's chunk groups as the page map reads them (h5-lean/page-chunk-map.js), so
 * the list follows the build and the worker never precaches the whole app (1.4 MB of brotli on a
 * venue network). Production builds only: a watching build changes its files all the time.
 */
import webpack from 'webpack'
import { InjectManifest } from 'workbox-webpack-plugin'
import { keepOnly, type ManifestEntry } from './precache-list'

const { pageFiles } = require('./taro-plugins/h5-lean/page-chunk-map') as typeof import('./taro-plugins/h5-lean/page-chunk-map')

export const PRECACHED = {
  /** the one page every app address is (the worker keeps it under this key: src/service-worker/offline-rules.ts appPage) */
  appPage: '/index.html',
  /**
   * Pages an attendee reloads at the door with no network (the entry page, home, the attendance
   * code, the schedule), as Taro's page paths
   */
  pages: ['pages/index/index', 'pages/pagesUser/home/home', 'pages/pagesUser/signIndex/signIndex', 'pages/pagesUser/schedule/schedule'],
  /** chunks the app imports by name: its shell, the English texts, Taro's dialogs */
  chunks: ['chunk:app', 'chunk:i18n-en', 'chunk:taro-interaction'],
}

type ChunkGroups = Parameters<typeof pageFiles>[0]

/** the files of the offline pages and chunks, as the page map names them (js/…, css/…) */
export function offlineFiles(chunkGroups: ChunkGroups): Set<string> {
  const pages = pageFiles(chunkGroups)
  const names = [...PRECACHED.pages, ...PRECACHED.chunks]
  const missing = names.filter((n) => !pages[n])
  if (missing.length) throw new Error(`config/service-worker.ts: the build has no chunks for ${missing.join(', ')}`)
  return new Set(names.flatMap((n) => pages[n]))
}

/** webpack-chain takes the plugin's class and its arguments: `chain.plugin(…).use(InjectManifest, [serviceWorkerOptions(…)])` */
export { InjectManifest }
export function serviceWorkerOptions(swSrc: string): ConstructorParameters<typeof InjectManifest>[0] {
  return {
    swSrc,
    swDest: 'sw.js',
    // the .br/.gz copies are the server's business; the source maps are not shipped
    exclude: [/\.(br|gz|map)$/, /LICENSE\.txt$/],
    manifestTransforms: [
      async (entries: ManifestEntry[], compilation?: unknown) => {
        const wanted = offlineFiles((compilation as { chunkGroups: ChunkGroups }).chunkGroups)
        return keepOnly(entries, PRECACHED.appPage, wanted, '/')
      },
    ],
    // the worker is compiled apart from the app: its workbox modules read NODE_ENV to drop their debug logging
    webpackCompilationPlugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
  }
}
