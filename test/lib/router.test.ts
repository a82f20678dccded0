/**
 * Routes against spec §2. The expected table is copied from the spec, not from routes.ts.
 */
import { ROUTES, ROUTE_LIST, appPages, h5CustomRoutes, routeNameOf, type RouteDef, type RouteName } from '@/lib/router/routes'
import { goBack, navigateTo, redirectTo, reLaunch, urlOf } from '@/lib/router/navigate'
import zhCN from '@/locales/zh-CN'
import en from '@/locales/en'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

type Access = 'public' | 'login' | 'microsite'
interface SpecRoute {
  path: string
  alias?: string
  access: Access
}

// ---- spec §2, main table ----
const MAIN: SpecRoute[] = [
  { path: '/pages/index/index', alias: '/', access: 'public' },
  { path: '/pages/Sudoku_1/tip', alias: '/cmsWebpageClose', access: 'public' },
  { path: '/pages/Sudoku_1/permissions', access: 'public' },
  { path: '/pages/Sudoku_1/index', access: 'microsite' },
  { path: '/pages/Sudoku_1/detail', access: 'microsite' },
  { path: '/pages/page2_2.5d/index', access: 'microsite' },
  { path: '/pages/page2_2.5d/detail', access: 'microsite' },
  { path: '/pages/page2_2.5d/webView', access: 'microsite' },
  { path: '/pages/pagesUser/register/register', alias: '/register', access: 'public' },
  { path: '/pages/pagesUser/home/home', alias: '/home', access: 'login' },
  { path: '/pages/pagesUser/home/changePassword', alias: '/changePwd', access: 'login' },
  { path: '/pages/pagesUser/eventEnd/eventEnd', alias: '/eventEnd', access: 'public' },
  { path: '/pages/pagesUser/signIn/signIn', alias: '/signIn', access: 'public' },
  { path: '/pages/pagesUser/signIndex/signIndex', alias: '/signIndex', access: 'login' },
  { path: '/pages/pagesUser/travel/travel', alias: '/travel', access: 'login' },
  { path: '/pages/pagesUser/schedule/schedule', alias: '/schedule', access: 'login' },
  { path: '/pages/pagesUser/notFound/notFound', alias: '/404', access: 'public' },
  { path: '/pages/error/401', alias: '/401', access: 'public' },
  { path: '/pages/pagesUser/form/form', alias: '/form', access: 'public' },
  { path: '/pages/pagesUser/feedback/index', alias: '/feedback', access: 'login' },
  { path: '/pages/pagesUser/login/login', alias: '/login', access: 'public' },
  { path: '/pages/pagesUser/activityInfo/index', alias: '/activityInfo', access: 'public' },
  { path: '/pages/pagesUser/contactUs/index', alias: '/contactUsIndex', access: 'public' },
  { path: '/pages/pagesUser/tableNum/index', alias: '/tableNumIndex', access: 'public' },
  { path: '/pages/design/index', alias: '/designIndex', access: 'public' },
  { path: '/pages/customTemp/index', alias: '/customTempIndex', access: 'public' },
]

// ---- spec §2, train pages: all login required, under /pages/trainTicket/, each ending /index ----
const TRAIN_PAGES = [
  'homePage',
  'myOrder',
  'succeededInreSigning',
  'searchTicketList',
  'ticketDetails',
  'transitStation',
  'trainTicketLogin',
  'trainTicketLogin/userAgreement',
  'orderDetailsPage',
  'seatingPage',
  'tobePaid',
  'paymentPage',
  'paymentOverduePage',
  'ticketsissuedPage',
  'ticketChangesPage',
  'editOrAddPassengers',
  'oneWayReservation',
  'agreement',
]
const TRAIN: SpecRoute[] = TRAIN_PAGES.map((p) => ({
  path: `/pages/trainTicket/${p}/index`,
  alias: p === 'myOrder' ? '/myOrder' : undefined,
  access: 'login',
}))

// ---- spec §2, air pages: all login required, under /pages/airTicket/ ----
const AIR: SpecRoute[] = [
  'airTicketInquiry/index',
  'oneWayTicket/index',
  'airTicketReservation/index',
  'dishonoredBill/index',
  'ticketChanging/index',
  'airOrderDetails/index',
  'airTicketDetails/airTicketDetails',
  'airPayPage/airPayPage',
].map((p) => ({ path: `/pages/airTicket/${p}`, access: 'login' }))

// ---- spec §2: notice of reservation (listed with the train pages), city pickers ----
const OTHER: SpecRoute[] = [
  { path: '/components/noticeOfReservation/index', access: 'login' },
  { path: '/components/chooseCity/chooseCity', access: 'login' },
  { path: '/components/chooseCity/limitCity', access: 'login' },
]

const SPEC_ROUTES: SpecRoute[] = [...MAIN, ...TRAIN, ...AIR, ...OTHER]

/** spec §2 "System pages: /choose-location and /open-location" (paths not given, H5 only) */
const SYSTEM_ALIASES = ['/choose-location', '/open-location']

const ALL_ALIASES = [
  '/login',
  '/home',
  '/myOrder',
  '/cmsWebpageClose',
  '/404',
  '/401',
  '/register',
  '/changePwd',
  '/eventEnd',
  '/signIn',
  '/signIndex',
  '/travel',
  '/schedule',
  '/form',
  '/feedback',
  '/activityInfo',
  '/contactUsIndex',
  '/tableNumIndex',
  '/designIndex',
  '/customTempIndex',
  '/',
  '/choose-location',
  '/open-location',
]

const defs = ROUTE_LIST.map(([name, d]) => [name, d as RouteDef] as const)
const byPath = (path: string) => defs.find(([, d]) => `/${d.path}` === path)

beforeEach(() => {
  resetTaroMock()
  resetAppStore()
})

describe('spec §2 routes', () => {
  it.each(SPEC_ROUTES.map((r) => [r.path, r.access, r] as const))('%s exists (%s)', (path, access) => {
    const found = byPath(path)
    expect(found).toBeDefined()
    expect(found?.[1].access).toBe(access)
  })

  it('registers nothing beyond the spec pages and the two system pages, each path once', () => {
    const specPaths = new Set(SPEC_ROUTES.map((r) => r.path))
    const extra = defs.filter(([, d]) => !specPaths.has(`/${d.path}`))
    expect(extra.map(([, d]) => d.aliases?.[0]).sort()).toEqual([...SYSTEM_ALIASES].sort())
    expect(extra.every(([, d]) => d.h5Only)).toBe(true)
    const paths = defs.map(([, d]) => d.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(defs).toHaveLength(SPEC_ROUTES.length + SYSTEM_ALIASES.length)
  })

  it('stores paths without a leading slash (as app.config.ts registers them)', () => {
    for (const [, d] of defs) expect(d.path).not.toMatch(/^\//)
  })

  it.each(SPEC_ROUTES.filter((r) => r.alias).map((r) => [r.alias!, r.path] as const))('alias %s leads to %s', (alias, path) => {
    const name = routeNameOf(alias)
    expect(name).toBeDefined()
    expect(`/${ROUTES[name!].path}`).toBe(path)
    expect((ROUTES[name!] as RouteDef).aliases?.[0]).toBe(alias)
  })

  it.each(SYSTEM_ALIASES)('system page %s exists, public and H5 only', (alias) => {
    const name = routeNameOf(alias)
    expect(name).toBeDefined()
    const d = ROUTES[name!] as RouteDef
    expect(d.aliases).toEqual([alias])
    expect(d.access).toBe('public')
    expect(d.h5Only).toBe(true)
  })

  it('every alias of the spec is declared, and no others', () => {
    const declared = defs.flatMap(([, d]) => d.aliases ?? [])
    expect([...declared].sort()).toEqual([...ALL_ALIASES].sort())
  })

  it('the 404 page is the one named in the spec', () => {
    expect(ROUTES[routeNameOf('/404')!].path).toBe('pages/pagesUser/notFound/notFound')
  })

  it('every route has a title in both catalogues', () => {
    for (const [name, d] of defs) {
      expect([name, typeof (zhCN.titles as Record<string, string>)[d.title]]).toEqual([name, 'string'])
      expect([name, typeof (en.titles as Record<string, string>)[d.title]]).toEqual([name, 'string'])
    }
  })
})

describe('h5CustomRoutes', () => {
  const custom = h5CustomRoutes()

  it.each(SPEC_ROUTES.filter((r) => r.alias).map((r) => [r.path, r.alias!] as const))('%s → [%s, canonical path]', (path, alias) => {
    expect(custom[path]).toEqual([alias, path])
  })

  it('lists the system pages under their alias', () => {
    for (const alias of SYSTEM_ALIASES) {
      const name = routeNameOf(alias)!
      const path = `/${ROUTES[name].path}`
      expect(custom[path]).toEqual([alias, path])
    }
  })

  it('has no entry for pages without an alias', () => {
    const withAlias = SPEC_ROUTES.filter((r) => r.alias).length + SYSTEM_ALIASES.length
    expect(Object.keys(custom)).toHaveLength(withAlias)
    expect(custom['/pages/Sudoku_1/permissions']).toBeUndefined()
    expect(custom['/pages/trainTicket/homePage/index']).toBeUndefined()
  })
})

describe('appPages', () => {
  const TRAIN_ROOT = 'pages/trainTicket'
  const AIR_ROOT = 'pages/airTicket'
  const strip = (p: string) => p.replace(/^\//, '')

  it.each(['weapp', 'h5'])('%s: train and air pages live in their subpackages, the rest in main with the entry first', (env) => {
    const { pages, subPackages } = appPages(env)
    expect(pages[0]).toBe('pages/index/index')

    expect(subPackages.map((s) => s.root).sort()).toEqual([AIR_ROOT, TRAIN_ROOT].sort())
    const train = subPackages.find((s) => s.root === TRAIN_ROOT)!
    const air = subPackages.find((s) => s.root === AIR_ROOT)!
    expect([...train.pages].sort()).toEqual(TRAIN.map((r) => strip(r.path).slice(TRAIN_ROOT.length + 1)).sort())
    expect([...air.pages].sort()).toEqual(AIR.map((r) => strip(r.path).slice(AIR_ROOT.length + 1)).sort())
    expect(train.pages).toContain('trainTicketLogin/userAgreement/index')
    expect(air.pages).toContain('airPayPage/airPayPage')

    const mainExpected = [...MAIN, ...OTHER].map((r) => strip(r.path))
    for (const p of mainExpected) expect(pages).toContain(p)
    for (const p of pages) {
      expect(p.startsWith(`${TRAIN_ROOT}/`)).toBe(false)
      expect(p.startsWith(`${AIR_ROOT}/`)).toBe(false)
    }
    expect(new Set(pages).size).toBe(pages.length)
  })

  it('leaves the H5-only system pages out of the mini-program', () => {
    const weapp = appPages('weapp').pages
    const h5 = appPages('h5').pages
    const systemPaths = SYSTEM_ALIASES.map((a) => ROUTES[routeNameOf(a)!].path)
    for (const p of systemPaths) {
      expect(weapp).not.toContain(p)
      expect(h5).toContain(p)
    }
    expect(weapp).toHaveLength(MAIN.length + OTHER.length)
    expect(h5).toHaveLength(MAIN.length + OTHER.length + SYSTEM_ALIASES.length)
    expect(appPages(undefined).pages).toEqual(weapp)
  })
})

describe('routeNameOf', () => {
  it.each([
    ['/pages/pagesUser/login/login', 'login'],
    ['pages/pagesUser/login/login', 'login'],
    ['/login', 'login'],
    ['/login?ehc=abc&ec=E1', 'login'],
    ['/pages/pagesUser/login/login?ehc=abc', 'login'],
    ['/', 'index'],
    ['/pages/index/index', 'index'],
    ['/?ehc=abc', 'index'],
    ['/myOrder', 'trainMyOrder'],
    ['/pages/trainTicket/trainTicketLogin/index', 'trainLogin'],
    ['/pages/trainTicket/trainTicketLogin/userAgreement/index', 'trainLoginAgreement'],
    ['/404', 'notFound'],
    ['/pages/page2_2.5d/webView', 'microsite25dWebView'],
  ] as Array<[string, RouteName]>)('%s → %s', (input, name) => {
    expect(routeNameOf(input)).toBe(name)
  })

  it.each(['/nope', '/pages/nope/index', '/Login', '/pages/index', '/loginx'])('%s → undefined', (input) => {
    expect(routeNameOf(input)).toBeUndefined()
  })
})

describe('urlOf and navigation', () => {
  it.each([
    [{}, '/pages/pagesUser/login/login'],
    [undefined, '/pages/pagesUser/login/login'],
    [{ ehc: 'abc', ec: 'E1' }, '/pages/pagesUser/login/login?ehc=abc&ec=E1'],
    [{ ehc: 'a b&c=d', ec: '会议/1' }, `/pages/pagesUser/login/login?ehc=a%20b%26c%3Dd&ec=${encodeURIComponent('会议/1')}`],
    [{ ehc: '', ec: null, x: undefined }, '/pages/pagesUser/login/login'],
    [{ ehc: 'abc', ec: '', page: 0 }, '/pages/pagesUser/login/login?ehc=abc&page=0'],
    [{ 'a key': 1 }, '/pages/pagesUser/login/login?a%20key=1'],
  ])('urlOf(login, %j) = %s', (query, url) => {
    expect(urlOf('login', query)).toBe(url)
  })

  it('navigateTo / redirectTo / reLaunch go to the route path', () => {
    navigateTo('home', { ehc: 'H' })
    redirectTo('trainLogin')
    reLaunch('index', { ec: 'E' })
    expect(taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/pagesUser/home/home?ehc=H' })
    expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/trainTicketLogin/index' })
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index?ec=E' })
  })

  it('goBack goes back when there is a page to go back to', () => {
    taro.getCurrentPages.mockReturnValue([{}, {}])
    goBack()
    expect(taro.navigateBack).toHaveBeenCalledTimes(1)
    expect(taro.reLaunch).not.toHaveBeenCalled()
  })

  it('every navigation carries the current event (ehc, ec); a query given wins', () => {
    resetAppStore({ eventHashCode: 'demo', eventCode: 'E1' })
    navigateTo('trainHome')
    redirectTo('login', { from: 'x' })
    reLaunch('index', { ec: 'E2' })
    expect(taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/homePage/index?ehc=demo&ec=E1' })
    expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/pagesUser/login/login?ehc=demo&ec=E1&from=x' })
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index?ehc=demo&ec=E2' })
  })

  it('goBack reLaunches the fallback when the page was opened directly', () => {
    taro.getCurrentPages.mockReturnValue([{}])
    resetAppStore({ eventHashCode: 'H' })
    goBack('home')
    expect(taro.navigateBack).not.toHaveBeenCalled()
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/pagesUser/home/home?ehc=H' })
    taro.reLaunch.mockClear()
    resetAppStore()
    goBack()
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })
})
