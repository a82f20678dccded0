import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import CompressionPlugin from 'compression-webpack-plugin'
import { InjectManifest, serviceWorkerOptions } from './service-worker'
import { StatsDump } from './stats-dump'
import { bootShellHtml } from './boot-shell'
import type { H5LeanOptions } from './taro-plugins/h5-lean'
// Taro loads a plugin by requiring its path once it has moved its TypeScript register on to other
// folders: imported here, under the register that compiles config/, the plugin is in Node's module
// cache, compiled, when Taro requires it
import './taro-plugins/h5-lean'
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

/**
 * address path (each alias and the page's own path) → the pages whose files index.html preloads
 * there: the addresses visits start on (the event link, the login and home pages, a shared train
 * results link), so those files download beside app.js, not after it has run (LCP)
 */
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

/**
 * What the H5 patches need to know of this app. The event link's visit opens the entry page, which
 * sends a first-time visitor on to the login page: both are preloaded there. On a visit in English
 * its texts' chunk is preloaded too (src/lib/i18n.ts; the storage key is src/store's STORE_KEY,
 * test/config/h5-lean/page-chunk-map.test.ts holds the two together).
 */
const h5LeanOptions: H5LeanOptions = {
  interactionModule: path.join(root, 'src', 'lib', 'h5-interaction.ts'),
  routeTable: {
    customRoutes: h5CustomRoutes(),
    routesModule: path.join(root, 'src', 'lib', 'router', 'routes.ts'),
    i18nModule: path.join(root, 'src', 'lib', 'i18n.ts'),
  },
  pageChunkMap: {
    file: path.join(root, 'dist', 'h5-pages.json'),
    preload: preloadByAddress(),
    publicPath: '/',
    english: { storageKey: 'attendee-app', chunk: 'chunk:i18n-en' },
  },
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'attendee-app',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // the two targets never share an output folder (TOOLCHAIN.md)
    outputRoot: `dist/${process.env.TARO_ENV}`,
    // Taro's H5 output patched to keep a fresh visit small (./taro-plugins/h5-lean/README.md)
    plugins: [[require.resolve('./taro-plugins/h5-lean'), h5LeanOptions]],
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
      // the first paint drawn by index.html itself (./boot-shell.ts); the entry page's addresses show its own text
      htmlPluginOption: {
        bootShell: bootShellHtml(root, [...(ROUTES.index.aliases ?? []), `/${ROUTES.index.path}`], h5LeanOptions.pageChunkMap.english.storageKey),
      },
      staticDirectory: 'static',
      compile: { include: sharedSource },
      sassLoaderOption: quietSass,
      // taro-ui ships untranspiled sources for H5
      esnextModules: ['taro-ui'],
      enableSourceMap: !!process.env.H5_STATS,
      sourceMapType: 'hidden-source-map',
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
        // H5_STATS=/tmp/stats.json: webpack's module and chunk stats (with hidden source maps in
        // dist/h5) for a bundle analysis, then `node scripts/h5-first-load-report.js`
        if (process.env.H5_STATS) chain.plugin('stats-dump').use(StatsDump, [process.env.H5_STATS])
        // Brotli (best quality) and gzip copies of every text file, made once per build, served by
        // the API server (@fastify/static preCompressed) to browsers that accept them: no
        // compression work per request on the server's two cores. Not while watching (slow).
        if (process.env.NODE_ENV === 'production') {
          const compressible = /\.(js|css|html|svg|json)$/
          chain.plugin('brotli').use(CompressionPlugin, [{ test: compressible, algorithm: 'brotliCompress', filename: '[path][base].br' }])
          chain
            .plugin('gzip')
            .use(CompressionPlugin, [{ test: compressible, algorithm: 'gzip', compressionOptions: { level: 9 }, filename: '[path][base].gz' }])
          chain.plugin('service-worker').use(InjectManifest, [serviceWorkerOptions(path.join(root, 'src', 'service-worker', 'sw.ts'))])
        }
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
