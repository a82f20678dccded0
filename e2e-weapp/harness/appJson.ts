/**
 * Static checks of dist/weapp/app.json and the page json files against WeChat's rules and the
 * route list (src/lib/router/routes.ts). Each returns the problems it found (empty: passed).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { RouteDef } from '../../src/lib/router/routes'

export interface AppJson {
  pages: string[]
  subPackages?: Array<{ root: string; pages: string[]; independent?: boolean }>
  window?: Record<string, unknown>
  tabBar?: unknown
}

export interface StaticCheck {
  name: string
  problems: string[]
}

const readJson = (file: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

export function registeredPages(app: AppJson): Array<{ path: string; root: string | null }> {
  return [
    ...app.pages.map((p) => ({ path: p, root: null })),
    ...(app.subPackages ?? []).flatMap((s) => s.pages.map((p) => ({ path: `${s.root}/${p}`, root: s.root }))),
  ]
}

export function checkAppJson(dist: string, routes: RouteDef[]): StaticCheck[] {
  const app = readJson(path.join(dist, 'app.json')) as AppJson | null
  if (!app || !Array.isArray(app.pages)) return [{ name: 'app.json is valid', problems: ['dist/weapp/app.json is missing or not JSON with a pages list'] }]
  const pages = registeredPages(app)
  const weappRoutes = routes.filter((r) => !r.h5Only)
  const checks: StaticCheck[] = []

  // every page's three files, and each page json readable
  {
    const problems: string[] = []
    for (const p of pages) {
      for (const ext of ['.js', '.json', '.wxml']) {
        if (!fs.existsSync(path.join(dist, p.path + ext))) problems.push(`${p.path}${ext} is missing`)
      }
      if (fs.existsSync(path.join(dist, `${p.path}.json`)) && !readJson(path.join(dist, `${p.path}.json`))) problems.push(`${p.path}.json is not valid JSON`)
      // custom components the page names must exist (WeChat refuses to open the page otherwise)
      const json = readJson(path.join(dist, `${p.path}.json`))
      for (const [name, target] of Object.entries((json?.usingComponents ?? {}) as Record<string, string>)) {
        const file = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(p.path), target)
        for (const ext of ['.js', '.json', '.wxml']) {
          if (!fs.existsSync(path.join(dist, file + ext))) problems.push(`${p.path} uses component "${name}": ${file}${ext} is missing`)
        }
      }
    }
    checks.push({ name: 'every registered page has its .js, .json and .wxml (and its components theirs)', problems })
  }

  // a page belongs to one package, a subpackage root is not inside the main package's pages
  {
    const problems: string[] = []
    const seen = new Map<string, string>()
    for (const p of pages) {
      const pkg = p.root ?? 'main package'
      const before = seen.get(p.path)
      if (before) problems.push(`${p.path} is registered twice (${before} and ${pkg})`)
      seen.set(p.path, pkg)
    }
    const roots = (app.subPackages ?? []).map((s) => s.root)
    for (const root of roots) {
      for (const main of app.pages) if (main.startsWith(`${root}/`)) problems.push(`main-package page ${main} lies under subpackage root ${root}`)
      for (const other of roots) if (other !== root && other.startsWith(`${root}/`)) problems.push(`subpackage root ${other} lies inside ${root}`)
    }
    checks.push({ name: 'no page in two packages', problems })
  }

  // packages as the route list says: the entry first, roots and their pages, no H5-only page
  {
    const problems: string[] = []
    const expectedRoots = [...new Set(weappRoutes.filter((r) => r.pkg).map((r) => r.pkg as string))]
    const actualRoots = (app.subPackages ?? []).map((s) => s.root)
    if (expectedRoots.join(',') !== actualRoots.join(',')) problems.push(`subpackage roots are [${actualRoots}], the route list has [${expectedRoots}]`)
    for (const root of expectedRoots) {
      const expected = weappRoutes
        .filter((r) => r.pkg === root)
        .map((r) => r.path)
        .sort()
      const actual = pages
        .filter((p) => p.root === root)
        .map((p) => p.path)
        .sort()
      const missing = expected.filter((p) => !actual.includes(p))
      const extra = actual.filter((p) => !expected.includes(p))
      if (missing.length) problems.push(`${root} lacks ${missing.join(', ')}`)
      if (extra.length) problems.push(`${root} has pages not in the route list: ${extra.join(', ')}`)
    }
    const expectedMain = weappRoutes.filter((r) => !r.pkg).map((r) => r.path)
    const missingMain = expectedMain.filter((p) => !app.pages.includes(p))
    const extraMain = app.pages.filter((p) => !expectedMain.includes(p))
    if (missingMain.length) problems.push(`main package lacks ${missingMain.join(', ')}`)
    if (extraMain.length) problems.push(`main package has pages not in the route list: ${extraMain.join(', ')}`)
    if (app.pages[0] !== expectedMain[0]) problems.push(`the entry page (first in pages) is ${app.pages[0]}, the route list starts with ${expectedMain[0]}`)
    for (const r of routes.filter((d) => d.h5Only)) {
      if (pages.some((p) => p.path === r.path)) problems.push(`${r.path} is H5-only but registered in the mini-program`)
    }
    checks.push({ name: 'packages and subpackage roots match the route list (H5-only pages left out)', problems })
  }

  // navigation bar: custom everywhere except the pages that keep WeChat's own
  {
    const problems: string[] = []
    const appStyle = app.window?.navigationStyle ?? 'default'
    for (const p of pages) {
      const route = routes.find((r) => r.path === p.path)
      const own = readJson(path.join(dist, `${p.path}.json`))?.navigationStyle
      const effective = own ?? appStyle
      const wanted = route?.nativeNavBar ? 'default' : 'custom'
      if (effective !== wanted) problems.push(`${p.path}: navigationStyle is "${effective}", the route list wants "${wanted}"`)
    }
    checks.push({ name: 'navigationStyle custom on every page but the nativeNavBar ones', problems })
  }

  // pull-down refresh off everywhere
  {
    const problems: string[] = []
    if (app.window?.enablePullDownRefresh === true) problems.push('app.json window.enablePullDownRefresh is true')
    for (const p of pages) {
      if (readJson(path.join(dist, `${p.path}.json`))?.enablePullDownRefresh === true) problems.push(`${p.path}.json enables pull-down refresh`)
    }
    checks.push({ name: 'pull-down refresh off (enablePullDownRefresh false or absent)', problems })
  }

  return checks
}
