import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import CompressionPlugin from 'compression-webpack-plugin'
import { splitTaroComponents, StatsDump } from './h5-components'
import { PageChunkMap } from './page-chunk-map'
import { LightInteraction } from './h5-interaction'
import { LightRouteTable } from './h5-route-table'
import devConfig from './dev'
import prodConfig from './prod'
import fs from 'fs'
import Module from 'module'
import ts from 'typescript'
import type * as RoutesModule from '../src/lib/router/routes'

/**
 * Taro's config loader only transpiles config/ itself. The typed route list (the one place page
 * paths live, with no imports of its own) is transpiled here so the H5 aliases come from it too.
 */
function loadRoutes(): typeof RoutesModule {
  const file = path.resolve(__dirname, '../src/lib/router/routes.ts')
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2019 },
  }).outputText
  const m = new Module(file) as Module & { _compile: (code: string, filename: string) => void }
  m.filename = file
  m._compile(js, file)
  return m.exports as typeof RoutesModule
}
const { h5CustomRoutes, ROUTES } = loadRoutes()

/** address path (each alias and the page's own path) → the pages whose files index.html preloads there */
function preloadByAddress(): Record<string, string[]> {
  const starts: Array<[keyof typeof ROUTES, Array<keyof typeof ROUTES>]> = [
    ['index', ['index', 'login']],
    ['login', ['login']],
    ['home', ['home']],
    ['register', ['register']],
    ['form', ['form']],
    ['trainSearchTicketList', ['trainSearchTicketList']],
  ]
  // opened on the train results, the app starts the search at launch from a chunk of its own (src/app.ts)
  const extra: Partial<Record<keyof typeof ROUTES, string[]>> = { trainSearchTicketList: ['chunk:train-early'] }
  const out: Record<string, string[]> = {}
  for (const [at, pages] of starts) {
    const def = ROUTES[at]
    for (const address of [...(def.aliases ?? []), `/${def.path}`]) out[address] = [...pages.map((name) => ROUTES[name].path), ...(extra[at] ?? [])]
  }
  return out
}

const root = path.resolve(__dirname, '..')
// contracts/ is shared with the server and lives outside src/: Taro only compiles what it is told to
const sharedSource = [path.join(root, 'contracts')]

// taro-ui's sheets use Sass features newer Sass deprecates; their warnings are not ours to act on
const quietSass = { sassOptions: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'slash-div', 'legacy-js-api'] } }

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'attendee-app',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // the two targets never share an output folder (TOOLCHAIN.md)
    outputRoot: `dist/${process.env.TARO_ENV}`,
    plugins: [],
    alias: {
      '@': path.join(root, 'src'),
      '@contracts': path.join(root, 'contracts'),
    },
    defineConstants: {},
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      compile: { include: sharedSource },
      sassLoaderOption: quietSass,
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      compile: { include: sharedSource },
      sassLoaderOption: quietSass,
      // taro-ui ships untranspiled sources for H5
      esnextModules: ['taro-ui'],
      enableSourceMap: !!process.env.H5_STATS,
      sourceMapType: 'hidden-source-map',
      // Taro's root font-size script (rem units) with one fix: it takes min(width, height) of the
      // <html> box, whose height is the CONTENT's, so a resize event while the page is still
      // nearly empty (Chromium fires one as the page loads) set 20px, and the re-run 500 ms later
      // 21.97px on a 412px phone: every rem box on screen grew at once, a layout shift of 0.16
      // on home (issue 15, Lighthouse CLS). Here the viewport's width and height are used, as
      // meant; the constants are Taro's own for this config (designWidth 750, ratio 1: 40 / 750,
      // clamped to 20–40px).
      htmlPluginOption: {
        script:
          '!function(n){function f(){var e=n.document.documentElement,w=Math.min.apply(Math,[e.clientWidth||n.innerWidth,n.innerHeight].filter(Boolean)),x=40*w/750;e.style.fontSize=x>=40?"40px":x<=20?"20px":x+"px"}n.addEventListener("resize",function(){f();setTimeout(f,500)}),f()}(window);',
      },
      router: {
        // real paths (/login, /home, …) as spec §2 lists them; the server answers unknown paths with index.html
        mode: 'browser',
        customRoutes: h5CustomRoutes(),
      },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Taro.request imports fetch and AbortController polyfills at load: every browser of our
        // browserslist has both (package.json; checked against caniuse), so they are not shipped
        // (~8 KiB gzipped of the first load, issue 15). Its JSONP helper goes too (we never ask
        // for JSONP): a stub that refuses.
        // webpack 5 takes `false` as "an empty module" (webpack-chain's types want a path)
        const emptyModule = false as unknown as string
        chain.resolve.alias
          .set('whatwg-fetch$', emptyModule)
          .set('abortcontroller-polyfill/dist/abortcontroller-polyfill-only$', emptyModule)
          .set('jsonp-retry$', path.join(__dirname, 'h5-stubs', 'jsonp-unsupported.js'))
        // Taro's toast/loading/modal: ours draws the loading indicator and plain toasts, Taro's loads on first use (./h5-interaction.ts)
        chain.plugin('light-interaction').use(LightInteraction, [root, path.join(root, 'src', 'lib', 'h5-interaction.ts')])
        // Taro's generated route table, written with each page path once (./h5-route-table.js)
        chain.plugin('light-route-table').use(LightRouteTable, [{ customRoutes: h5CustomRoutes(), routesModule: path.join(root, 'src', 'lib', 'router', 'routes.ts'), i18nModule: path.join(root, 'src', 'lib', 'i18n.ts') }])
        // Taro's components one module each, so a page's components load with that page (./h5-components.ts)
        const components = splitTaroComponents(root)
        chain.resolve.alias.set('@tarojs/components$', path.join(components, 'index.js'))
        const splitRule = chain.module.rule('taro-components-split').test((file: string) => file.startsWith(components))
        ;(splitRule as unknown as { sideEffects(free: boolean): unknown }).sideEffects(false)
        // Taro splits only the initial chunks, so every page chunk carries its own copy of what it
        // shares with other pages. The event link's visit loads two pages, the entry page and then
        // the login page, which share Taro's Button, taro-ui's AtButton, the event gate, useQuery…
        // (~4 KiB gzipped): those go to one chunk both load, so that visit fetches them once
        // (issue 15). Only these two: a split across every page cost the train results page more
        // (a dozen small files, each compressed alone) than it saved.
        const entryPages = /^\.\/pages\/(index\/index|pagesUser\/login\/login)$/
        const splitChunks = chain.optimization.get('splitChunks') as { cacheGroups?: Record<string, unknown> } & Record<string, unknown>
        chain.optimization.splitChunks({
          ...splitChunks,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            entryShared: {
              chunks: (chunk: { groupsIterable: Iterable<{ origins: Array<{ request?: string }> }> }) =>
                [...chunk.groupsIterable].some((group) => group.origins.some((o) => entryPages.test(o.request ?? ''))),
              minChunks: 2,
              minSize: 0,
              priority: -20,
              reuseExistingChunk: true,
            },
          },
        })
        // page → its chunks' files, for the fresh-visit figure of `npm run size:h5`; and index.html
        // preloads the page files of the addresses visits start on (the event link, the login and
        // home pages, a shared train results link), so they download beside app.js, not after it
        // (issue 15: LCP). The event link opens the entry page, which sends a first-time visitor on
        // to the login page: both are preloaded there.
        // On a visit in English its texts' chunk is preloaded too (src/lib/i18n.ts; the storage key
        // is src/store's STORE_KEY, test/config/page-chunk-map.test.ts holds the two together).
        chain.plugin('page-chunk-map').use(PageChunkMap, [
          path.join(root, 'dist', 'h5-pages.json'),
          { preload: preloadByAddress(), publicPath: '/', english: { storageKey: 'attendee-app', chunk: 'chunk:i18n-en' } },
        ])
        // H5_STATS=/tmp/stats.json: webpack's module and chunk stats (with hidden source maps in
        // dist/h5) for a bundle analysis, then `node scripts/h5-first-load-report.js`
        if (process.env.H5_STATS) chain.plugin('stats-dump').use(StatsDump, [process.env.H5_STATS])
        // Brotli (best quality) and gzip copies of every text file, made once per build, served by
        // the API server (@fastify/static preCompressed) to browsers that accept them: no
        // compression work per request on the server's two cores. Not while watching (slow).
        if (process.env.NODE_ENV === 'production') {
          const compressible = /\.(js|css|html|svg|json)$/
          chain.plugin('brotli').use(CompressionPlugin, [{ test: compressible, algorithm: 'brotliCompress', filename: '[path][base].br' }])
          chain.plugin('gzip').use(CompressionPlugin, [{ test: compressible, algorithm: 'gzip', compressionOptions: { level: 9 }, filename: '[path][base].gz' }])
        }
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
