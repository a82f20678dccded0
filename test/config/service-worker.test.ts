/**
 * What the H5 service worker precaches (config/service-worker.ts): index.html, the shell and the
 * pages an attendee reloads at the door, read from the build's chunk groups; never the whole app.
 */
import { TextDecoder, TextEncoder } from 'node:util'
import { ROUTES } from '@/lib/router/routes'

// workbox's build tools (rollup) want Node's text codecs, which the page-like test environment lacks
Object.assign(globalThis, { TextDecoder, TextEncoder })
const { offlineFiles, PRECACHED, serviceWorkerOptions } = require('../../config/service-worker') as typeof import('../../config/service-worker')

/** a chunk group as webpack has it: a page imported by Taro's entry, or a named chunk of the app's own */
const page = (p: string, files: string[]) => ({ origins: [{ request: `./${p}` }], chunks: [{ files }] })
const named = (name: string, files: string[]) => ({ name, origins: [{ request: undefined }], chunks: [{ files }] })

const GROUPS = [
  named('app', ['js/app.11111111.js', 'css/app.22222222.css', 'js/1434.33333333.js']),
  named('i18n-en', ['js/i18n-en.44444444.js']),
  named('taro-interaction', ['js/taro-interaction.55555555.js']),
  page('pages/index/index', ['js/5211.66666666.js', 'css/5211.77777777.css']),
  page('pages/pagesUser/home/home', ['js/1.88888888.js']),
  page('pages/pagesUser/signIndex/signIndex', ['js/2253.99999999.js']),
  page('pages/pagesUser/schedule/schedule', ['js/9567.aaaaaaaa.js']),
  page('pages/trainTicket/searchTicketList/index', ['js/700.bbbbbbbb.js']),
  named('picker-keys', ['js/picker-keys.cccccccc.js']),
]

const entry = (url: string) => ({ url, revision: null, size: 1 })

describe('the service worker’s precache list', () => {
  it('holds the shell, the offline pages and their named chunks, and nothing else of the build', () => {
    const files = offlineFiles(GROUPS)
    expect([...files].sort()).toEqual(
      [
        'css/5211.77777777.css',
        'css/app.22222222.css',
        'js/1.88888888.js',
        'js/1434.33333333.js',
        'js/2253.99999999.js',
        'js/5211.66666666.js',
        'js/9567.aaaaaaaa.js',
        'js/app.11111111.js',
        'js/i18n-en.44444444.js',
        'js/taro-interaction.55555555.js',
      ].sort(),
    )
  })

  it('stops the build when a page it is meant to keep is not in it (a page moved or renamed)', () => {
    expect(() => offlineFiles(GROUPS.filter((g) => g.origins[0].request !== './pages/pagesUser/schedule/schedule'))).toThrow(
      /no chunks for pages\/pagesUser\/schedule\/schedule/,
    )
  })

  it('the manifest given to workbox keeps index.html and the offline files only', async () => {
    const [transform] = serviceWorkerOptions('/sw.ts').manifestTransforms!
    const all = ['/index.html', '/js/app.11111111.js', '/js/700.bbbbbbbb.js', '/js/picker-keys.cccccccc.js', '/js/1.88888888.js'].map(entry)
    const out = await transform(all, { chunkGroups: GROUPS } as never)
    expect(out.manifest.map((e) => e.url)).toEqual(['/index.html', '/js/app.11111111.js', '/js/1.88888888.js'])
  })

  it('names pages that are the app’s routes', () => {
    const paths = Object.values(ROUTES).map((r) => r.path)
    for (const p of PRECACHED.pages) expect(paths).toContain(p)
  })
})
