/**
 * The route table patch (config/taro-plugins/h5-lean/route-table.js) rewrites the app entry Taro's
 * H5 loader generates (the route table with each page path once). Fed with what Taro's own loader
 * writes for this app's pages, it must give Taro's router the same routes (paths, order, page
 * configs, loads), the same customRoutes and window, and stop the build on anything it does not
 * expect.
 */
import fs from 'fs'
import path from 'path'
import { h5CustomRoutes } from '@/lib/router/routes'
import { allPages, installed, PULL_DOWN_DEFINE, PULL_DOWN_IMPORT, src, taroEntry, WINDOW } from './taro-entry'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lightRouteTable = require('../../../config/taro-plugins/h5-lean/route-table') as (this: unknown, source: string) => string

function light(source: string, options: object = {}): string {
  return lightRouteTable.call(
    { getOptions: () => ({ customRoutes: h5CustomRoutes(), routesModule: '/routes.ts', i18nModule: '/i18n.ts', ...options }) },
    source,
  )
}

interface Route {
  path: string
  load: (context: unknown, params: unknown) => [Promise<unknown>, unknown, unknown]
  [key: string]: unknown
}

/** runs the entry's config and routes statements (not its imports, nor the app start) */
function evaluate(
  entry: string,
  languageReady = () => Promise.resolve(),
): { config: Record<string, unknown> & { routes: Route[]; router: Record<string, unknown> }; imported: string[] } {
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

describe("Taro's output the route table patch rewrites (written against Taro 4.2.1)", () => {
  it('@tarojs/plugin-platform-h5 still adds the pull-down-refresh element to the entry as the patch expects', () => {
    const platform = installed('@tarojs/plugin-platform-h5/dist/index.js')
    const expected = [`extraImportForWeb += \`${PULL_DOWN_IMPORT.trim()}\\n\``, `execBeforeCreateWebApp += \`${PULL_DOWN_DEFINE.trim()}\\n\``]
    for (const line of expected) {
      if (!platform.includes(line))
        throw new Error(`config/taro-plugins/h5-lean/route-table.js: @tarojs/plugin-platform-h5/dist/index.js no longer has ${line}`)
    }
  })

  it("Taro's H5 loader still writes `var config = {…}` and `config.routes = [ Object.assign({ path, load }, {…}) … ]` as the patch expects", () => {
    // the patch throws "config/taro-plugins/h5-lean/route-table.js: <what is missing>; Taro's H5 entry is not shaped as expected"
    expect(() => light(taroEntry())).not.toThrow()
  })
})

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
    expect(() => light(taro.replace(/Object\.assign\(\{\n {2}path: 'pages\/index\/index'/, "Object.assign({\n  path: 'pages/index/index', extra: 1"))).toThrow(
      /routes are not the pages/,
    )
    expect(() => light('export default 1')).toThrow(/config/)
  })

  it('every page config file it was fed exists (the test reads the real ones)', () => {
    for (const p of allPages) expect(fs.existsSync(path.join(src, `${p}.config.ts`))).toBe(true)
  })
})
