/**
 * The one place page paths live (spec §2). app.config.ts registers pages and subpackages from
 * this list, config/index.ts builds the H5 aliases from it, and code navigates by route name
 * through ./navigate.ts — never by typing a path.
 *
 * This file is also read by the Taro build (node) — keep it free of runtime imports.
 */
export type Access =
  /** anyone */
  | 'public'
  /** needs a stored guest token (spec §5 login guard) */
  | 'login'
  /**
   * microsite page: needs a token when the event's permissionType is 2, 3 or 4; with 4, an
   * attendee type in someUserTypes (else the permissions page)
   */
  | 'microsite'

export interface RouteDef {
  /** page path without leading slash, as registered in app.config.ts */
  path: string
  /** H5 aliases (spec §2); the first one is what the address bar shows */
  aliases?: string[]
  access: Access
  /** key of the page title in the locale catalogues (titles.*) */
  title: string
  /** subpackage root, when the page lives in one */
  pkg?: 'pages/trainTicket' | 'pages/airTicket'
  /** only registered in the H5 build */
  h5Only?: boolean
  /**
   * Pages that keep the native navigation bar on weapp. Every other page draws its own (custom
   * navigation bar, spec §2): the WeChat web-view component covers the page, so only the
   * native bar can offer "back" there. H5 has no native bar: the custom one is drawn there too.
   */
  nativeNavBar?: boolean
}

const train = (name: string, title: string, aliases?: string[]): RouteDef => ({
  path: `pages/trainTicket/${name}`,
  access: 'login',
  title,
  pkg: 'pages/trainTicket',
  aliases,
})
const air = (name: string, title: string): RouteDef => ({
  path: `pages/airTicket/${name}`,
  access: 'login',
  title,
  pkg: 'pages/airTicket',
})

const ROUTE_TABLE = {
  index: { path: 'pages/index/index', aliases: ['/'], access: 'public', title: 'index' },
  notEnabled: { path: 'pages/Sudoku_1/tip', aliases: ['/cmsWebpageClose'], access: 'public', title: 'notEnabled' },
  permissions: { path: 'pages/Sudoku_1/permissions', access: 'public', title: 'permissions' },
  micrositeIndex: { path: 'pages/Sudoku_1/index', access: 'microsite', title: 'microsite' },
  micrositeDetail: { path: 'pages/Sudoku_1/detail', access: 'microsite', title: 'micrositeDetail' },
  microsite25dIndex: { path: 'pages/page2_2.5d/index', access: 'microsite', title: 'microsite' },
  microsite25dDetail: { path: 'pages/page2_2.5d/detail', access: 'microsite', title: 'micrositeDetail' },
  microsite25dWebView: { path: 'pages/page2_2.5d/webView', access: 'microsite', title: 'webView', nativeNavBar: true },
  register: { path: 'pages/pagesUser/register/register', aliases: ['/register'], access: 'public', title: 'register' },
  home: { path: 'pages/pagesUser/home/home', aliases: ['/home'], access: 'login', title: 'home' },
  changePassword: { path: 'pages/pagesUser/home/changePassword', aliases: ['/changePwd'], access: 'login', title: 'changePassword' },
  eventEnd: { path: 'pages/pagesUser/eventEnd/eventEnd', aliases: ['/eventEnd'], access: 'public', title: 'eventEnd' },
  signIn: { path: 'pages/pagesUser/signIn/signIn', aliases: ['/signIn'], access: 'public', title: 'signIn' },
  signIndex: { path: 'pages/pagesUser/signIndex/signIndex', aliases: ['/signIndex'], access: 'login', title: 'signIndex' },
  travel: { path: 'pages/pagesUser/travel/travel', aliases: ['/travel'], access: 'login', title: 'travel' },
  schedule: { path: 'pages/pagesUser/schedule/schedule', aliases: ['/schedule'], access: 'login', title: 'schedule' },
  notFound: { path: 'pages/pagesUser/notFound/notFound', aliases: ['/404'], access: 'public', title: 'notFound' },
  unauthorized: { path: 'pages/error/401', aliases: ['/401'], access: 'public', title: 'unauthorized' },
  form: { path: 'pages/pagesUser/form/form', aliases: ['/form'], access: 'public', title: 'form' },
  feedback: { path: 'pages/pagesUser/feedback/index', aliases: ['/feedback'], access: 'login', title: 'feedback' },
  login: { path: 'pages/pagesUser/login/login', aliases: ['/login'], access: 'public', title: 'login' },
  activityInfo: { path: 'pages/pagesUser/activityInfo/index', aliases: ['/activityInfo'], access: 'public', title: 'activityInfo' },
  contactUs: { path: 'pages/pagesUser/contactUs/index', aliases: ['/contactUsIndex'], access: 'public', title: 'contactUs' },
  tableNum: { path: 'pages/pagesUser/tableNum/index', aliases: ['/tableNumIndex'], access: 'public', title: 'tableNum' },
  design: { path: 'pages/design/index', aliases: ['/designIndex'], access: 'public', title: 'design' },
  customTemp: { path: 'pages/customTemp/index', aliases: ['/customTempIndex'], access: 'public', title: 'customTemp' },
  noticeOfReservation: { path: 'components/noticeOfReservation/index', access: 'login', title: 'noticeOfReservation' },
  chooseCity: { path: 'components/chooseCity/chooseCity', access: 'login', title: 'chooseCity' },
  limitCity: { path: 'components/chooseCity/limitCity', access: 'login', title: 'chooseCity' },
  chooseLocation: { path: 'pages/system/chooseLocation/index', aliases: ['/choose-location'], access: 'public', title: 'chooseLocation', h5Only: true },
  openLocation: { path: 'pages/system/openLocation/index', aliases: ['/open-location'], access: 'public', title: 'openLocation', h5Only: true },

  trainHome: train('homePage/index', 'trainHome'),
  trainMyOrder: train('myOrder/index', 'trainMyOrder', ['/myOrder']),
  trainSucceededInReSigning: train('succeededInreSigning/index', 'trainSucceededInReSigning'),
  trainSearchTicketList: train('searchTicketList/index', 'trainSearchTicketList'),
  trainTicketDetails: train('ticketDetails/index', 'trainTicketDetails'),
  trainTransitStation: train('transitStation/index', 'trainTransitStation'),
  trainLogin: train('trainTicketLogin/index', 'trainLogin'),
  trainLoginAgreement: train('trainTicketLogin/userAgreement/index', 'trainLoginAgreement'),
  trainOrderDetails: train('orderDetailsPage/index', 'trainOrderDetails'),
  trainSeating: train('seatingPage/index', 'trainSeating'),
  trainToBePaid: train('tobePaid/index', 'trainToBePaid'),
  trainPayment: train('paymentPage/index', 'trainPayment'),
  trainPaymentOverdue: train('paymentOverduePage/index', 'trainPaymentOverdue'),
  trainTicketsIssued: train('ticketsissuedPage/index', 'trainTicketsIssued'),
  trainTicketChanges: train('ticketChangesPage/index', 'trainTicketChanges'),
  trainEditPassengers: train('editOrAddPassengers/index', 'trainEditPassengers'),
  trainOneWayReservation: train('oneWayReservation/index', 'trainOneWayReservation'),
  trainAgreement: train('agreement/index', 'trainAgreement'),

  airInquiry: air('airTicketInquiry/index', 'airInquiry'),
  airOneWay: air('oneWayTicket/index', 'airOneWay'),
  airReservation: air('airTicketReservation/index', 'airReservation'),
  airDishonoredBill: air('dishonoredBill/index', 'airDishonoredBill'),
  airTicketChanging: air('ticketChanging/index', 'airTicketChanging'),
  airOrderDetails: air('airOrderDetails/index', 'airOrderDetails'),
  airTicketDetails: air('airTicketDetails/airTicketDetails', 'airTicketDetails'),
  airPay: air('airPayPage/airPayPage', 'airPay'),
} satisfies Record<string, RouteDef>

export type RouteName = keyof typeof ROUTE_TABLE
export const ROUTES: Record<RouteName, RouteDef> = ROUTE_TABLE

export const ROUTE_LIST: Array<[RouteName, RouteDef]> = Object.entries(ROUTES) as Array<[RouteName, RouteDef]>

/** normalises '/pages/x/y', 'pages/x/y' and an alias like '/login' to a route name */
export function routeNameOf(pathOrAlias: string): RouteName | undefined {
  const clean = pathOrAlias.split('?')[0]
  const noSlash = clean.replace(/^\/+/, '')
  for (const [name, def] of ROUTE_LIST) {
    if (def.path === noSlash) return name
    if (def.aliases?.includes(clean) || def.aliases?.includes(`/${noSlash}`)) return name
  }
  return undefined
}

/** pages and subpackages for app.config.ts */
export function appPages(env: string | undefined): { pages: string[]; subPackages: Array<{ root: string; pages: string[] }> } {
  const visible = ROUTE_LIST.map(([, d]) => d as RouteDef).filter((d) => !d.h5Only || env === 'h5')
  const pages = visible.filter((d) => !d.pkg).map((d) => d.path)
  const roots = Array.from(new Set(visible.filter((d) => d.pkg).map((d) => d.pkg as string)))
  return {
    pages,
    subPackages: roots.map((root) => ({
      root,
      pages: visible.filter((d) => d.pkg === root).map((d) => d.path.slice(root.length + 1)),
    })),
  }
}

/**
 * H5 customRoutes: an alias list replaces the page's own path (TOOLCHAIN.md), so the canonical
 * path is listed after the alias — the alias is what navigateTo shows, both keep working.
 */
export function h5CustomRoutes(): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [, def] of ROUTE_LIST) {
    const d = def as RouteDef
    if (d.aliases?.length) out[`/${d.path}`] = [...d.aliases, `/${d.path}`]
  }
  return out
}
