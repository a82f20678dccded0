/**
 * The page map (config/taro-plugins/h5-lean/page-chunk-map.js) and index.html's preload script:
 * the page files of the address opened, and the English texts' chunk when the visit will be in
 * English (src/lib/i18n.ts loads it before the first page draws, so it should arrive beside app.js).
 */
import fs from 'fs'
import path from 'path'
import { STORE_KEY } from '@/store'
import { allPages, installed, taroEntry } from './taro-entry'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { preloadScript } = require('../../../config/taro-plugins/h5-lean/page-chunk-map') as {
  preloadScript(byPath: Record<string, string[]>, publicPath: string, english?: { storageKey: string; files: string[] }): string
}

/** the files the script preloads at `pathname`, with this storage and browser language */
function preloaded(pathname: string, stored: string | null, browser: string): string[] {
  const script = preloadScript({ '/login': ['js/login.js', 'css/login.css'] }, '/', { storageKey: STORE_KEY, files: ['js/i18n-en.js'] })
  const links: Array<{ href: string; as: string }> = []
  const document = { createElement: () => ({}), head: { appendChild: (l: { href: string; as: string }) => links.push(l) } }
  new Function('location', 'document', 'localStorage', 'navigator', script)(
    { pathname },
    document,
    { getItem: (k: string) => (k === STORE_KEY ? stored : null) },
    { language: browser },
  )
  return links.map((l) => `${l.as} ${l.href}`)
}

/** what the app's store leaves in localStorage: zustand's JSON inside Taro's `{ data }` */
const storedWith = (language: string | null) =>
  JSON.stringify({ data: JSON.stringify({ state: { token: 't', language, event: { name: 'language' } }, version: 1 }) })

it('preloads the page files of the address', () => {
  expect(preloaded('/login', null, 'zh-CN')).toEqual(['script /js/login.js', 'style /css/login.css'])
  expect(preloaded('/elsewhere', null, 'zh-CN')).toEqual([])
})

it('adds the English texts when the stored choice is English, or none is stored and the browser is English', () => {
  expect(preloaded('/login', storedWith('en'), 'zh-CN')).toContain('script /js/i18n-en.js')
  expect(preloaded('/login', storedWith('zh'), 'en-US')).not.toContain('script /js/i18n-en.js')
  expect(preloaded('/login', storedWith(null), 'en-GB')).toContain('script /js/i18n-en.js')
  expect(preloaded('/home', null, 'en')).toEqual(['script /js/i18n-en.js'])
  expect(preloaded('/login', null, 'zh-CN')).not.toContain('script /js/i18n-en.js')
})

it('reads the key the store persists under (config/index.ts names it)', () => {
  const config = fs.readFileSync(path.join(__dirname, '../../../config/index.ts'), 'utf8')
  expect(config).toContain(`storageKey: '${STORE_KEY}'`)
})

describe("Taro's output the page map reads (written against Taro 4.2.1)", () => {
  it('Taro\'s H5 entry imports each page as `import("./pages/…")`, the chunk group origin the map names pages by', () => {
    const entry = taroEntry()
    const missing = allPages.filter((p) => !entry.includes(`import("./${p}")`))
    if (missing.length)
      throw new Error(
        `config/taro-plugins/h5-lean/page-chunk-map.js: Taro's H5 entry no longer imports ${missing.slice(0, 3).join(', ')}… as import("./<page path>")`,
      )
  })

  it('html-webpack-plugin still writes deferred scripts, which the preload script goes before', () => {
    const plugin = installed('html-webpack-plugin/index.js')
    if (!plugin.includes('scriptLoading: "defer"'))
      throw new Error(
        'config/taro-plugins/h5-lean/page-chunk-map.js: html-webpack-plugin\'s default scriptLoading is no longer "defer" (index.html must have a `<script defer`)',
      )
    const taroHtmlOptions = installed('@tarojs/webpack5-runner/dist/webpack/H5WebpackPlugin.js')
    expect(taroHtmlOptions).not.toContain('scriptLoading')
  })
})
