/**
 * Patch `routeTable`: a lighter route table in the app shell. Taro's H5 loader
 * (@tarojs/taro-loader/lib/h5) writes the app's entry with the whole app config as JSON and one
 * route object per page, so each of the 57 page paths would be in app.js four times over (`pages`,
 * `subPackages`, `router.customRoutes` twice, `routes`) beside a copy of the page's config
 * (`{"enablePullDownRefresh":false,"enableShareAppMessage":true}` 57 times).
 *
 * This loader runs on that generated entry, right after Taro's loader, and writes the same config
 * with less text:
 * - `routes`: one short row per page (its path, its `import()`, the index of its page config in a
 *   list of the distinct ones), made into Taro's route objects when app.js runs — the same
 *   objects, in the same order, with the same `load` (it returns `[import(page), context, params]`).
 * - `router.customRoutes`: built when app.js runs by `h5CustomRoutes()` of src/lib/router/routes.ts
 *   (the app shell has the route list anyway); the build checks it is the value Taro was given.
 * - `pages`, `subPackages`, `preloadRule`: the mini-program's. Taro's H5 router reads `pages` only
 *   for a tabBar or the multi-page mode (neither used here: the build stops if either appears) and
 *   the others never.
 *
 * - Taro's pull-down-refresh element (`taro-pull-to-refresh-core`, 2 KiB gzipped), which the entry
 *   defines at start for pages that enable pull-down refresh: none does (spec §2; the window and
 *   every page config say `enablePullDownRefresh: false`, checked here), so it is not imported.
 *   A page that enables it brings it back.
 * - every page's `load` also waits for `languageReady()` of src/lib/i18n.ts: on H5 the English
 *   texts are a chunk of their own, and a page must not draw before the texts of its language are
 *   there (Chinese, the default, is in the shell: that wait ends at once).
 *
 * Any other shape of Taro's output stops the build (a Taro upgrade must be looked at, not guessed).
 * Options: `customRoutes` (the value h5CustomRoutes() gives at build time), `routesModule` (the
 * path of src/lib/router/routes.ts), `i18nModule` (the path of src/lib/i18n.ts).
 */

/** `Object.assign({ path: '…', load: function(context, params) { const page = import(…) … } }, {…config})` */
const ROUTE =
  /Object\.assign\(\{\s*path: '([^']+)',\s*load: function\(context, params\) \{\s*const page = (import\([^)]+\))\s*return \[page, context, params\]\s*\}\s*\}, (\{[^\n]*?\})\)/g
const ROUTES = /config\.routes = \[\n([\s\S]*?)\n\]\n/
const CONFIG = /\nvar config = (\{.*\})\n/

/** @this {{ getOptions(): { customRoutes: Record<string, string[]>, routesModule: string, i18nModule: string } }} */
module.exports = function lightRouteTable(/** @type {string} */ source) {
  const { customRoutes, routesModule, i18nModule } = this.getOptions()
  const fail = (/** @type {string} */ why) => {
    throw new Error(`config/taro-plugins/h5-lean/route-table.js: ${why}; Taro's H5 entry is not shaped as expected`)
  }

  const configMatch = CONFIG.exec(source) ?? fail('no `var config = {…}`')
  const config = JSON.parse(configMatch[1])
  if (config.tabBar || config.router?.mode !== 'browser') fail('a tabBar or a router mode other than browser')
  if (JSON.stringify(config.router.customRoutes ?? {}) !== JSON.stringify(customRoutes)) fail('router.customRoutes is not h5CustomRoutes()')
  const pages = config.pages ?? fail('no pages')
  delete config.pages
  delete config.subPackages
  delete config.preloadRule
  delete config.router.customRoutes

  const routesMatch = ROUTES.exec(source) ?? fail('no `config.routes = [ … ]`')
  /** distinct page configs, as JSON */
  const pageConfigs = []
  const rows = []
  for (const m of routesMatch[1].matchAll(ROUTE)) {
    const [, path, load, pageConfig] = m
    let at = pageConfigs.indexOf(pageConfig)
    if (at < 0) at = pageConfigs.push(pageConfig) - 1
    rows.push(`[${JSON.stringify(path)}, function () { return ${load} }, ${at}]`)
  }
  // every page, in the order of `pages` (the first is the home page Taro's router falls back to)
  if (rows.length !== pages.length || rows.some((row, i) => !row.startsWith(`[${JSON.stringify(pages[i])},`))) fail('the routes are not the pages')

  const PULL_DOWN_IMPORT = "import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'\n"
  const PULL_DOWN_DEFINE = 'defineCustomElementTaroPullToRefreshCore()\n'
  const pullDownUsed = config.window?.enablePullDownRefresh === true || pageConfigs.some((c) => JSON.parse(c).enablePullDownRefresh === true)
  let entry = source
  if (!pullDownUsed && entry.includes(PULL_DOWN_IMPORT)) {
    if (!entry.includes(PULL_DOWN_DEFINE)) fail('the pull-down-refresh element is imported but not defined where expected')
    entry = entry.replace(PULL_DOWN_IMPORT, '').replace(PULL_DOWN_DEFINE, '')
  }

  const routes = `config.routes = (function (configs, rows) {
  return rows.map(function (r) {
    var load = function () {
      return Promise.all([r[1](), __languageReady()]).then(function (loaded) { return loaded[0] })
    }
    return Object.assign({ path: r[0], load: function (context, params) { return [load(), context, params] } }, configs[r[2]])
  })
})([${pageConfigs.join(', ')}], [
${rows.join(',\n')}
])
`
  return (
    `import { h5CustomRoutes as __h5CustomRoutes } from ${JSON.stringify(routesModule)}\n` +
    `import { languageReady as __languageReady } from ${JSON.stringify(i18nModule)}\n` +
    entry
      .replace(configMatch[0], () => `\nvar config = ${JSON.stringify(config)}\nconfig.router.customRoutes = __h5CustomRoutes()\n`)
      .replace(routesMatch[0], () => routes)
  )
}

/**
 * Puts the loader above right after Taro's H5 loader on the app's entry module (Taro adds its
 * loader to that module itself, in NormalModule's loader hook, not through a rule).
 */
class LightRouteTable {
  /** @param {{ customRoutes: Record<string, string[]>, routesModule: string, i18nModule: string }} options */
  constructor(options) {
    this.options = options
  }

  /** @param {any} compiler webpack's */
  apply(compiler) {
    const taroH5Loader = require.resolve('@tarojs/taro-loader/lib/h5')
    let applied = 0
    compiler.hooks.compilation.tap('light-route-table', (/** @type {any} */ compilation) => {
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        'light-route-table',
        (/** @type {any} */ _context, /** @type {any} */ module) => {
          const at = module.loaders.findIndex(
            (/** @type {{ loader: string, options?: { filename?: string, entryFileName?: string } }} */ l) =>
              l.loader === taroH5Loader && l.options?.filename === l.options?.entryFileName,
          )
          if (at < 0) return
          // loaders run last to first: before Taro's in the list is right after it in time
          module.loaders.splice(at, 0, { loader: __filename, options: this.options, ident: null, type: null })
          applied++
        },
      )
      compilation.hooks.finishModules.tap('light-route-table', () => {
        if (!compilation.compiler.isChild() && applied === 0)
          compilation.errors.push(new Error("config/taro-plugins/h5-lean/route-table.js: Taro's H5 loader was not found on the app entry"))
      })
    })
  }
}

module.exports.LightRouteTable = LightRouteTable
