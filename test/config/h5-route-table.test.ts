/**
 * config/h5-route-table.js rewrites the app entry Taro's H5 loader generates (the route
 * table with each page path once, for a smaller first load). Fed with what Taro's own loader writes for this app's pages,
 * it must give Taro's router the same routes (paths, order, page configs, loads), the same
 * customRoutes and window, and stop the build on anything it does not expect.
 */
import fs from 'fs'
import path from 'path'
import ts from 'typescript'
import { appPages, h5CustomRoutes } from '@/lib/router/routes'

/**
 * Taro's helper reads a page's config file with esbuild, which does not run under jsdom: the same
 * here with TypeScript (the app's page configs are `definePageConfig({ … })` and nothing else).
 */
jest.mock('@tarojs/helper', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodeFs = require('fs') as typeof fs
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const typescript = require('typescript') as typeof ts
  const readConfig = (file: string) => {
    const js = typescript.transpileModule(nodeFs.readFileSync(file, 'utf8'), { compilerOptions: { module: typescript.ModuleKind.CommonJS } }).outputText
    const m = { exports: {} as { default?: unknown } }
    new Function('module', 'exports', 'definePageConfig', js)(m, m.exports, (c: unknown) => c)
    return m.exports.default
  }
  return { readConfig, fs: nodeFs }
})

// eslint-disable-next-line @typescript-eslint/no-require-imports
const taroH5Loader = (require('@tarojs/taro-loader/lib/h5') as { default: (this: unknown) => string }).default
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lightRouteTable = require('../../config/h5-route-table') as (this: unknown, source: string) => string

const root = path.resolve(__dirname, '../..')
const src = path.join(root, 'src')
const { pages } = appPages('h5')
const allPages = [...pages, ...appPages('h5').subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
const WINDOW = { navigationStyle: 'custom', enablePullDownRefresh: false, navigationBarTitleText: '' }

/** what Taro's H5 loader writes for the app entry of these pages */
function taroEntry(window: Record<string, unknown> = WINDOW, mode = 'browser'): string {
  const pageConfigs = allPages.map((p) => [p, path.join(src, `${p}.config.ts`)])
  return taroH5Loader.call({
    getOptions: () => ({
      config: { router: { mode, customRoutes: h5CustomRoutes() }, pages: allPages, subPackages: appPages('h5').subPackages, window, preloadRule: {}, animation: false },
      entryFileName: 'app',
      filename: 'app',
      sourceDir: src,
      runtimePath: [],
      pages: pageConfigs,
      pxTransformConfig: { designWidth: 750, deviceRatio: {}, baseFontSize: 20, unitPrecision: 5, targetUnit: 'rem' },
      loaderMeta: {
        importFrameworkStatement: '',
        creator: 'createReactApp',
        creatorLocation: '@tarojs/plugin-framework-react/dist/runtime',
        frameworkArgs: 'React, ReactDOM, config',
        importFrameworkName: 'React',
        extraImportForWeb: "import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'\n",
        execBeforeCreateWebApp: 'defineCustomElementTaroPullToRefreshCore()\n',
      },
    }),
    mode: 'production',
    resourcePath: path.join(src, 'app.config.ts'),
    context: src,
    rootContext: root,
    utils: { contextify: (context: string, request: string) => `./${path.relative(context, request)}` },
  })
}

function light(source: string, options: object = {}): string {
  return lightRouteTable.call({ getOptions: () => ({ customRoutes: h5CustomRoutes(), routesModule: '/routes.ts', i18nModule: '/i18n.ts', ...options }) }, source)
}

interface Route {
  path: string
  load: (context: unknown, params: unknown) => [Promise<unknown>, unknown, unknown]
  [key: string]: unknown
}

/** runs the entry's config and routes statements (not its imports, nor the app start) */
function evaluate(entry: string, languageReady = () => Promise.resolve()): { config: Record<string, unknown> & { routes: Route[]; router: Record<string, unknown> }; imported: string[] } {
  const start = entry.indexOf('\nvar config = ')
  const end = entry.indexOf('\nvar inst = ')
  expect(start).toBeGreaterThan(0)
  expect(end).toBeGreaterThan(start)
  const imported: string[] = []
  const body = entry
    .slice(start, end)
    .replace(/window\.__taroAppConfig = config/, '')
    .replace(/defineCustomElementTaroPullToRefreshCore\(\)/, '')
    .replace(/import\(("[^"]+")\)/g, '__import($1)')
  const run = new Function('__h5CustomRoutes', '__languageReady', '__import', `${body}\nreturn config`) as (...a: unknown[]) => never
  const config = run(h5CustomRoutes, languageReady, (request: string) => {
    imported.push(request)
    return Promise.resolve({ default: request })
  })
  return { config, imported }
}

describe('the light route table', () => {
  const taro = taroEntry()
  const ours = light(taro)

  it("gives Taro's router the same routes, customRoutes and window", async () => {
    const before = evaluate(taro)
    const after = evaluate(ours)
    expect(after.config.routes.map((r) => r.path)).toEqual(before.config.routes.map((r) => r.path))
    expect(after.config.routes.map((r) => r.path)).toEqual(allPages)
    const configOf = (r: Route) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'load'))
    expect(after.config.routes.map(configOf)).toEqual(before.config.routes.map(configOf))
    expect(after.config.router).toEqual(before.config.router)
    expect(after.config.window).toEqual(before.config.window)
    expect(after.config.animation).toBe(false)
    // the mini-program's keys are not sent
    expect(after.config).not.toHaveProperty('pages')
    expect(after.config).not.toHaveProperty('subPackages')
    expect(after.config).not.toHaveProperty('preloadRule')

    // each load imports its own page, as Taro's did, and hands back context and params
    for (const [i, route] of after.config.routes.entries()) {
      const [page, context, params] = route.load('ctx', { a: '1' })
      expect(context).toBe('ctx')
      expect(params).toEqual({ a: '1' })
      const [taroPage] = before.config.routes[i].load('ctx', { a: '1' })
      await expect(page).resolves.toEqual(await taroPage)
    }
    expect(after.imported).toHaveLength(allPages.length)
    expect(after.imported).toEqual(before.imported)
  })

  it('writes each page path once', () => {
    for (const p of allPages) {
      const count = ours.split(`"${p}"`).length - 1 + ours.split(`'${p}'`).length - 1
      expect([p, count]).toEqual([p, 1])
    }
    expect(ours.length).toBeLessThan(taro.length * 0.6)
  })

  it("a page's load waits for the texts of the language in use", async () => {
    let ready!: () => void
    const { config } = evaluate(ours, () => new Promise<void>((resolve) => (ready = resolve)))
    let loaded = false
    void config.routes[0].load(null, {})[0].then(() => (loaded = true))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loaded).toBe(false)
    ready()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loaded).toBe(true)
  })

  it('leaves out the pull-down-refresh element no page uses, and keeps it when one does', () => {
    expect(taro).toContain('defineCustomElementTaroPullToRefreshCore()')
    expect(ours).not.toContain('defineCustomElementTaroPullToRefreshCore')
    const withPullDown = light(taroEntry({ ...WINDOW, enablePullDownRefresh: true }))
    expect(withPullDown).toContain("import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'")
    expect(withPullDown).toContain('defineCustomElementTaroPullToRefreshCore()')
  })

  it('stops on what it does not expect', () => {
    expect(() => light(taroEntry(WINDOW, 'hash'))).toThrow(/router mode/)
    expect(() => light(taro, { customRoutes: { '/x': ['/y'] } })).toThrow(/customRoutes/)
    expect(() => light(taro.replace(/Object\.assign\(\{\n {2}path: 'pages\/index\/index'/, "Object.assign({\n  path: 'pages/index/index', extra: 1"))).toThrow(/routes are not the pages/)
    expect(() => light('export default 1')).toThrow(/config/)
  })

  it('every page config file it was fed exists (the test reads the real ones)', () => {
    for (const p of allPages) expect(fs.existsSync(path.join(src, `${p}.config.ts`))).toBe(true)
  })
})
