/**
 * The console's service worker in its build: after Vite has written dist/console, compiles
 * console/src/service-worker/sw.ts to dist/console/sw.js and writes into it the files to precache:
 * index.html, the files every page loads (the entry's, through its imports) and those of the pages
 * a reload opens with no network (PRECACHED below), read from Vite's manifest (.vite/manifest.json)
 * as the attendee app's build reads webpack's chunk groups (config/service-worker.ts). The other
 * pages load from the network and say so when there is none. Production builds only (a Vite plugin
 * applied to `build`).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build, type Manifest, type Plugin } from 'vite'
import { injectManifest } from 'workbox-build'
import { keepOnly, type ManifestEntry } from '../../config/precache-list'
import { CONSOLE_WORKER_RULES as RULES } from '../src/service-worker/worker-rules'

export const PRECACHED = {
  /** the entry of every console address (its imports are the shell) */
  entry: 'index.html',
  /** pages that open after a reload with no network, as Vite's manifest names their sources */
  pages: ['src/desk/DeskPage.tsx'],
}

/** the files of the entry and the offline pages, with everything they import, as the manifest names them (assets/…) */
export function offlineFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const walk = (key: string, lazyToo: boolean) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`console/build/service-worker.ts: the build has no chunk ${key}`)
    seen.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const i of chunk.imports ?? []) walk(i, false)
    // an offline page's own lazy parts (the desk's QR reader) load when used: precached with it
    if (lazyToo) for (const i of chunk.dynamicImports ?? []) walk(i, false)
  }
  walk(PRECACHED.entry, false)
  for (const page of PRECACHED.pages) walk(page, true)
  files.delete(PRECACHED.entry)
  return files
}

/** compiles the worker alone (its workbox modules read NODE_ENV to drop their debug logging), then fills in its list */
export async function writeServiceWorker(root: string, outDir: string): Promise<number> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-sw-'))
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: tmp,
        emptyOutDir: true,
        copyPublicDir: false,
        lib: { entry: path.join(root, 'src/service-worker/sw.ts'), formats: ['iife'], name: 'consoleWorker', fileName: () => 'sw.js' },
      },
    })
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
    const wanted = offlineFiles(manifest)
    const { count } = await injectManifest({
      swSrc: path.join(tmp, 'sw.js'),
      swDest: path.join(outDir, path.basename(RULES.url)),
      globDirectory: outDir,
      globPatterns: [PRECACHED.entry, 'assets/*.{js,css}'],
      modifyURLPrefix: { '': RULES.scope },
      // hashed names: the name is the revision
      dontCacheBustURLsMatching: new RegExp(`^${RULES.assets}`),
      manifestTransforms: [async (entries: ManifestEntry[]) => keepOnly(entries, RULES.appPage, wanted, RULES.scope)],
    })
    return count
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

/** the Vite plugin: once the console's build is written, its worker */
export function consoleServiceWorker(): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'console-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const count = await writeServiceWorker(root, outDir)
      this.info(`${RULES.url}: ${count} files precached`)
    },
  }
}
