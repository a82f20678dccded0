/**
 * `npm run test:weapp`: runs the compiled mini-program (dist/weapp) against the real API server and
 * checks it as WeChat would run it. One line per check, then `weapp: N passed, N failed`.
 *
 *   npm run test:weapp                 build if dist/weapp is stale or not made for the harness
 *   npm run test:weapp -- --rebuild    build whatever the state of dist/weapp
 *   npm run test:weapp -- --verbose    also print the app's console output and every note
 *   WEAPP_TRACE=1 npm run test:weapp   trace page lifecycles and wx calls as they happen
 *
 * What it covers and what only the WeChat devtools can show: README.md, "Mini-program harness".
 */
import { ROUTE_LIST, type RouteDef } from '../src/lib/router/routes'
import zhCN from '../src/locales/zh-CN'
import en from '../src/locales/en'
import airZhCN from '../src/locales/air.zh-CN'
import { getEventByHash } from '../contracts/calls/event'
import type { Envelope } from '../contracts/envelope'
import type { EventInfo } from '../contracts/event'
import { checkAppJson } from './harness/appJson'
import { buildWeapp, staleReason } from './harness/build'
import { MiniProgram, type Problem } from './harness/miniprogram'
import type { Screen } from './harness/render'
import { DIST, HARNESS_API_ORIGIN } from './harness/paths'
import { pngOf } from '../server/test/support/files'
import { startServer, type TestServer } from './harness/server'

const DEMO = { ehc: 'demo', ec: 'DEMO', userName: 'demo', password: 'Demo@2026' }
const EVENT_QUERY = `ehc=${DEMO.ehc}&ec=${DEMO.ec}`
const args = new Set(process.argv.slice(2))
const verbose = args.has('--verbose')

let passed = 0
let failed = 0
let n = 0

function report(ok: boolean, name: string, detail?: string): void {
  n++
  if (ok) passed++
  else failed++
  const lines = (detail ?? '').split('\n').filter(Boolean)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${String(n).padStart(2)} ${name}${ok && lines.length === 1 ? ` — ${lines[0]}` : ''}`)
  if (!ok || lines.length > 1) for (const l of lines) console.log(`        ${l}`)
}

/** every mini-program the run started (the checks look at their problems) */
const mps: MiniProgram[] = []
/** problems that happened during some check: the last check reports any other (a late timer, a rejection) */
const seenProblems = new Set<Problem>()

/**
 * runs one check: it passes unless it throws; what it returns is printed beside it. A check that
 * fails shows, besides its own reason, what the app reported while it ran.
 */
async function check(name: string, fn: () => Promise<string | void> | string | void): Promise<boolean> {
  const before = new Set(mps.flatMap((m) => m.problems))
  const during = () => mps.flatMap((m) => m.problems).filter((p) => !before.has(p))
  try {
    const detail = await fn()
    // problems the check did not look at stay unseen: the last check reports them
    report(true, name, detail || undefined)
    return true
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    const extra = during().filter((p) => !message.includes(p.message))
    during().forEach((p) => seenProblems.add(p))
    report(false, name, [message, extra.length ? `the app also reported:\n${formatProblems(extra)}` : ''].filter(Boolean).join('\n'))
    return false
  }
}

/** one line per problem, a problem repeated (React renders again after an error) once */
const formatProblems = (ps: Problem[]) => [...new Set(ps.map((p) => `[${p.page}] ${p.kind}: ${p.message}`))].join('\n')

/**
 * runs `steps`; when they fail (a wait timed out), the app's problems since `from` are the likelier
 * cause and are what the check reports; when they pass, those problems still fail the check
 */
async function expectClean(mp: MiniProgram, from: number, steps: () => Promise<void>, only?: (p: Problem) => boolean): Promise<void> {
  try {
    await steps()
  } catch (e) {
    noProblemsSince(mp, from, only)
    throw e
  }
  noProblemsSince(mp, from, only)
}

/** throws with the problems the app had since `from` (an index into mp.problems), those of `only` page if given */
function noProblemsSince(mp: MiniProgram, from: number, only?: (p: Problem) => boolean): void {
  const ps = mp.problems.slice(from).filter((p) => !only || only(p))
  ps.forEach((p) => seenProblems.add(p))
  if (ps.length) throw new Error(formatProblems(ps))
}

async function main(): Promise<number> {
  const started = Date.now()

  // ---- the build the harness runs
  const reason = args.has('--rebuild') ? '--rebuild' : staleReason()
  const built = await check('weapp build with the harness API origin', () => {
    if (!reason) return `reused dist/weapp (built with TARO_APP_API_BASE_URL=${HARNESS_API_ORIGIN})`
    console.log(`building dist/weapp (${reason}) …`)
    const r = buildWeapp()
    if (!r.ok) throw new Error(`taro build --type weapp failed or did not take TARO_APP_API_BASE_URL:\n${r.log.split('\n').slice(-30).join('\n')}`)
    return `built in ${(r.ms / 1000).toFixed(0)} s (${reason})`
  })
  if (!built) return finish(started)

  // ---- app.json and page json against WeChat's rules and the route list
  const routes = ROUTE_LIST.map(([, d]) => d as RouteDef)
  for (const c of checkAppJson(DIST, routes)) {
    await check(`app.json: ${c.name}`, () => {
      if (c.problems.length) throw new Error(c.problems.join('\n'))
    })
  }

  // ---- the real API server on a fresh database
  let server: TestServer | null = null
  const serverUp = await check('API server starts on a fresh database', async () => {
    server = await startServer()
    return server.origin
  })
  if (!serverUp || !server) return finish(started)
  const api: TestServer = server
  try {
    const event = await demoEvent(api.origin)
    await runApp(api, event, routes)
  } catch (e) {
    report(false, 'the harness itself', e instanceof Error ? (e.stack ?? e.message) : String(e))
  } finally {
    for (const mp of mps) mp.dispose()
    await api.stop()
  }
  return finish(started)
}

async function demoEvent(origin: string): Promise<EventInfo> {
  const res = await fetch(origin + getEventByHash.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventHashCode: DEMO.ehc }),
  })
  const env = (await res.json()) as Envelope<EventInfo>
  if (!env.data) throw new Error(`the demo event is not seeded: ${JSON.stringify(env)}`)
  return env.data
}

/**
 * Books Shanghai → Beijing in 12 days for the demo attendee through the API, pays it by the
 * company and runs the server's jobs (/dev/clock) until the ticket is drawn: the order id.
 */
async function ticketedAirOrder(origin: string): Promise<number> {
  const post = async <T>(path: string, body: object, token = ''): Promise<T> => {
    const res = await fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token, lang: 'zh' }, body: JSON.stringify(body) })
    const env = (await res.json()) as Envelope<T>
    if (env.msgId) throw new Error(`${path}: ${env.msgId} ${env.msgText}`)
    return env.data as T
  }
  const { token } = await post<{ token: string }>('/api/guest/login', { loginType: 'account', eventCode: DEMO.ec, userName: DEMO.userName, password: DEMO.password })
  const date = new Date(Date.now() + (8 + 12 * 24) * 3600_000).toISOString().slice(0, 10)
  const list = await post<{ flights: Array<{ date: string; flightNo: string; depAirport: string; arrAirport: string; bookable: boolean; lowestFareFen: number | null }> }>('/api/flight/flight/findFlightList', { depCode: 'SHA', arrCode: 'BJS', date }, token)
  const f = list.flights.find((x) => x.bookable && x.lowestFareFen !== null)
  if (!f) throw new Error(`no bookable flight Shanghai → Beijing on ${date}`)
  const flight = { date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport }
  const { cabins } = await post<{ cabins: Array<{ cabinCode: string; adult: { totalFen: number }; policy: { withinPolicy: boolean } }> }>('/api/flight/flight/findCabinsList', { flight }, token)
  const cabin = cabins.find((c) => c.policy.withinPolicy)
  if (!cabin) throw new Error('no cabin within the travel policy')
  const key = () => `weapp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  const order = await post<{ orderId: number }>('/api/flight/flight/ticketBooking', {
    idempotencyKey: key(),
    flight,
    cabinCode: cabin.cabinCode,
    passengers: [{ name: '张三', documentType: 'idCard', documentNumber: '11010519491231002X', sex: 'female', birthDate: '1949-12-31', mobile: '', insurance: false, contactKey: '' }],
    contact: { name: '张三', mobile: '13800138000', email: '' },
    remark: '',
    agreementAccepted: true,
    expectedTotalFen: cabin.adult.totalFen,
    overPolicyReason: '',
  }, token)
  await post('/api/flight/pay/payOnBusiness', { orderId: order.orderId, idempotencyKey: key() }, token)
  for (let i = 0; i < 50; i++) {
    await fetch(origin + '/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 0 }) })
    const o = await post<{ status: string }>('/api/flight/flight/findOrderDetails', { orderId: order.orderId }, token)
    if (o.status === 'ticketed') return order.orderId
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the ticket was not drawn')
}

async function runApp(api: TestServer, event: EventInfo, routes: RouteDef[]): Promise<void> {
  const LOGIN = 'pages/pagesUser/login/login'
  const HOME = 'pages/pagesUser/home/home'
  let mp!: MiniProgram
  const created = await check("the mini-program loads in the harness (WeChat's WXML compiler, stand-in tripwire)", () => {
    mp = new MiniProgram({ apiOrigin: api.origin, verbose })
    mps.push(mp)
  })
  if (!created) return

  // ---- cold start at the entry page, as the event's link or QR code opens it
  const launched = await check(`launch at pages/index/index?${EVENT_QUERY} lands on login with the event title`, async () => {
    await expectClean(mp, 0, async () => {
      mp.launch(`pages/index/index?${EVENT_QUERY}`)
      if (mp.standInsGuarded === 0) throw new Error("the window/document tripwire was not installed: @tarojs/runtime's exports were not found")
      await mp.waitFor('the login page', () => mp.currentRoute === LOGIN)
      await mp.waitFor(`the event title "${event.titleZh}"`, () => mp.screen().textOf('.event-header__title') === event.titleZh)
      await mp.settle()
    })
    return `${mp.stack.map((p) => p.route).join(' → ')}`
  })
  if (!launched) return

  // ---- log in as a person would: the user-name tab, typing, the agreement, the button
  const loginFrom = mp.problems.length
  const loggedIn = await check('log in by user name and password, typing and tapping as a person would', async () => {
    // what home does once it opens is the next check's
    await expectClean(mp, loginFrom, async () => {
      mp.tap('.login-form__tab--account')
      await mp.waitFor('the user-name field', () => mp.screen().has('.text-field--userName input'))
      mp.type('.text-field--userName input', DEMO.userName)
      mp.type('.text-field--password input', DEMO.password)
      mp.tap('.login-form__check')
      await mp.waitFor('the agreement ticked', () => mp.screen().has('.login-form__check.is-checked'))
      mp.tap('.login-form__submit')
      await mp.waitFor('the home page', () => mp.currentRoute === HOME, 15000)
    }, (p) => p.page !== HOME)
    if (!mp.calls.some((c) => c.api === 'request' && /\/guest\/login$/.test(c.args?.url ?? ''))) throw new Error('no login request was sent')
    const toast = mp.calls.filter((c) => c.api === 'showToast').pop()?.args?.title
    return `toast "${toast}", then ${mp.currentRoute}`
  })
  if (!loggedIn) return

  await check('home shows the event title and the attendee', async () => {
    await expectClean(mp, loginFrom, async () => {
      await mp.waitFor(`the event title on home`, () => mp.screen().textOf('.event-header__title') === event.titleZh)
      await mp.waitFor('the welcome line', () => mp.screen().has('.home-page__name'))
      await mp.settle()
    }, (p) => p.page === HOME)
    // the profile is fetched when home opens, once (useProfileRefresh)
    const profiles = mp.calls.filter((c) => c.api === 'request' && /\/getUser$/.test(c.args?.url ?? '')).length
    if (profiles !== 1) throw new Error(`opening home fetched the profile (getUser) ${profiles} times, expected once`)
    return `${mp.screen().textOf('.home-page__name')}`
  })

  // ---- every page registered in the mini-program, opened as a link would open it
  for (const route of routes.filter((r) => !r.h5Only)) {
    const name = ROUTE_LIST.find(([, d]) => d === route)?.[0] ?? route.path
    await check(`page ${name} (${route.path}) renders without an error and without window/document`, async () => {
      const calls = mp.calls.length
      let screen!: Screen
      await expectClean(mp, mp.problems.length, async () => {
        await mp.reLaunch(`/${route.path}?${EVENT_QUERY}`)
        await mp.settle()
        screen = mp.screen()
      })
      // every page renders inside PageLayout (src/ui/PageLayout.tsx), whose root is .page
      if (!screen.has('.page')) throw new Error(`the page rendered no .page element; it shows "${screen.text()}"`)
      const text = screen.text()
      // PageLayout records one page view per opening (spec §7 addPageView), not one per lifecycle
      const views = mp.calls.slice(calls).filter((c) => c.api === 'request' && /\/addPageView$/.test(c.args?.url ?? '') && c.args?.data?.type === name).length
      if (views > 1) throw new Error(`opening the page once recorded ${views} page views of "${name}"`)
      if (mp.currentRoute !== route.path) return `redirected to ${mp.currentRoute}`
      if (views !== 1) throw new Error(`opening the page recorded ${views} page views of "${name}", expected 1`)
      if (!route.nativeNavBar) {
        const title = (zhCN.titles as Record<string, string>)[route.title]
        const shown = screen.textOf('.nav-bar__title')
        if (shown !== title) throw new Error(`the navigation bar shows ${JSON.stringify(shown)}, expected the page title ${JSON.stringify(title)}`)
        return `"${text.slice(0, 60)}${text.length > 60 ? '…' : ''}"`
      }
      if (screen.has('.nav-bar')) throw new Error('a nativeNavBar page draws the custom navigation bar as well')
      // WeChat's own bar shows what the page sets
      const set = mp.calls.slice(calls).filter((c) => c.api === 'setNavigationBarTitle').pop()
      if (!set?.args?.title) throw new Error('the page keeps the native navigation bar but never sets its title')
      return `native bar titled "${set.args.title}"${text ? `; "${text.slice(0, 60)}"` : ''}`
    })
  }

  // ---- an air order after its ticket is drawn: details, refund and change screens with real data
  await check('an air order in the mini-program: details (status, actions), refund and change forms', async () => {
    const orderId = await ticketedAirOrder(api.origin)
    const opened: string[] = []
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/pages/airTicket/airOrderDetails/index?${EVENT_QUERY}&orderId=${orderId}`)
      await mp.waitFor('the order ticketed, with refund and change', () => mp.screen().has('.air-details__action--refund') && mp.screen().has('.air-details__action--change'))
      const status = mp.screen().textOf('.air-order-head .air-status')
      if (status !== airZhCN.status.ticketed) throw new Error(`the order page says ${JSON.stringify(status)}, expected ${airZhCN.status.ticketed}`)
      opened.push(`details "${status}"`)
      await mp.reLaunch(`/pages/airTicket/dishonoredBill/index?${EVENT_QUERY}&orderId=${orderId}`)
      await mp.waitFor('the refund form', () => mp.screen().has('.air-refund__submit') && mp.screen().has('.air-route__item'))
      opened.push('refund form')
      await mp.reLaunch(`/pages/airTicket/ticketChanging/index?${EVENT_QUERY}&orderId=${orderId}`)
      await mp.waitFor('the change form', () => mp.screen().has('.air-change__submit') && mp.screen().has('.air-change__day'))
      opened.push('change form')
    })
    return opened.join(', ')
  })

  // ---- a registration upload: wx.uploadFile (multipart) with its progress, not wx.request's 0 then 100
  await check('a photo on the registration form goes up by wx.uploadFile, the bar moving in steps', async () => {
    const shown = new Set<string>()
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/pages/pagesUser/form/form?${EVENT_QUERY}`)
      await mp.waitFor('the photo field', () => mp.screen().has('.reg-upload--photo .reg-upload__button'))
      mp.answers.files.push({ name: 'portrait.png', bytes: pngOf(240, 320) })
      mp.tap('.reg-upload--photo .reg-upload__button')
      await mp.waitFor('the photo uploaded', () => {
        const bar = mp.screen().textOf('.reg-upload--photo .reg-upload__progress')
        if (bar) shown.add(bar)
        return mp.screen().textOf('.reg-upload--photo .reg-upload__name')?.includes('portrait.png')
      }, 15000)
      await mp.settle()
    })
    const upload = mp.calls.filter((c) => c.api === 'uploadFile').pop()
    if (!upload) throw new Error('no wx.uploadFile call: the file did not go by the mini-program\'s upload API')
    if (mp.calls.some((c) => c.api === 'request' && /\/obs\/file\/upload/.test(c.args?.url ?? ''))) throw new Error('the file went by wx.request (no upload progress)')
    const steps = [...shown].filter((s) => /\b([1-9]\d?)%/.test(s))
    if (!steps.length) throw new Error(`the bar never showed progress between 0 and 100: ${JSON.stringify([...shown])}`)
    return `${mp.screen().textOf('.reg-upload--photo .reg-upload__name')}; the bar showed ${[...shown].join(', ')}`
  })

  // ---- the language switch on home
  await check('the language switch on home shows the app in English', async () => {
    let shown = ''
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/${HOME}?${EVENT_QUERY}`)
      await mp.waitFor('home', () => mp.screen().textOf('.event-header__title') === event.titleZh)
      mp.tap('.language-switch')
      await mp.waitFor(`the English title "${event.titleEn}"`, () => mp.screen().textOf('.event-header__title') === event.titleEn)
      shown = mp.screen().text()
      const missing = [en.titles.home, en.home.logout, en.common.switchLanguage].filter((s) => !shown.includes(s))
      if (missing.length) throw new Error(`English text missing: ${missing.join(', ')}; the page shows "${shown}"`)
      await mp.settle()
      const title = mp.calls.filter((c) => c.api === 'setNavigationBarTitle').pop()?.args?.title
      if (title !== event.titleEn) throw new Error(`the window title is ${JSON.stringify(title)}, expected ${JSON.stringify(event.titleEn)}`)
      // back to Chinese for what follows (the choice is stored)
      mp.tap('.language-switch')
      await mp.waitFor('Chinese again', () => mp.screen().textOf('.event-header__title') === event.titleZh)
    })
    return `"${shown.slice(0, 80)}…"`
  })

  // ---- a page opened on top of home, then the navigation bar's back arrow
  await check("back from a page opened over home (the bar's back arrow) shows home again, counted as a view", async () => {
    const calls = mp.calls.length
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/${HOME}?${EVENT_QUERY}`)
      await mp.waitFor('home', () => mp.screen().textOf('.event-header__title') === event.titleZh)
      await mp.settle()
      // as a link on home would open it (home has none yet)
      await mp.wx.navigateTo({ url: `/pages/pagesUser/schedule/schedule?${EVENT_QUERY}` })
      await mp.waitFor('the schedule page', () => mp.currentRoute === 'pages/pagesUser/schedule/schedule' && mp.screen().has('.nav-bar__back'))
      await mp.settle()
      mp.tap('.nav-bar__back')
      await mp.waitFor('home again', () => mp.currentRoute === HOME && mp.stack.length === 1)
      await mp.settle()
    })
    const views = mp.calls.slice(calls).filter((c) => c.api === 'request' && /\/addPageView$/.test(c.args?.url ?? '')).map((c) => c.args.data.type)
    if (views.join(',') !== 'home,schedule,home') throw new Error(`page views recorded: ${views.join(', ')}; expected home, schedule, home`)
    return `page views: ${views.join(', ')}`
  })

  // ---- the share card (WeChat asks the page when the user shares)
  await check('sharing home to a friend sends a card that opens the event', async () => {
    const card = mp.share()
    if (!card || typeof card.path !== 'string') throw new Error(`onShareAppMessage answered ${JSON.stringify(card)}`)
    const [p, q = ''] = card.path.replace(/^\//, '').split('?')
    if (p !== 'pages/index/index') throw new Error(`the card opens ${p}, not the entry page`)
    if (!q.includes(`ehc=${DEMO.ehc}`) || !q.includes(`ec=${DEMO.ec}`)) throw new Error(`the card's path ${card.path} lacks the event`)
    if (!mp.calls.some((c) => c.api === 'showShareMenu')) throw new Error('wx.showShareMenu was never called: the share menu stays off')
    return `${JSON.stringify(card.title)} → ${card.path}`
  })

  // ---- log out: WeChat's modal, confirmed
  await check('log out asks in a modal and, confirmed, returns to login', async () => {
    const modals = mp.calls.filter((c) => c.api === 'showModal').length
    await expectClean(mp, mp.problems.length, async () => {
      mp.tap('.home-page__logout')
      await mp.waitFor('login', () => mp.currentRoute === LOGIN)
      await mp.settle()
    })
    const modal = mp.calls.filter((c) => c.api === 'showModal')[modals]
    if (!modal) throw new Error('no modal was shown')
    if (modal.args.content !== zhCN.home.logoutConfirm) throw new Error(`the modal says ${JSON.stringify(modal.args.content)}`)
    return `modal "${modal.args.content}" → ${mp.currentRoute}`
  })

  // ---- an address of a page that does not exist (an old share card): App.onPageNotFound
  await check('a cold start at an unknown page path shows the 404 page', async () => {
    const fresh = new MiniProgram({ apiOrigin: api.origin, verbose })
    mps.push(fresh)
    await expectClean(fresh, 0, async () => {
      fresh.launch(`pages/no/such/page?${EVENT_QUERY}`)
      await fresh.waitFor('the 404 page', () => fresh.currentRoute === 'pages/pagesUser/notFound/notFound')
      await fresh.settle()
    })
    return fresh.screen().text()
  })

  // ---- anything reported outside the checks that looked (late timers, rejections)
  await check('nothing went wrong between or after the checks', async () => {
    await new Promise((r) => setTimeout(r, 300))
    const late = mps.flatMap((m) => m.problems).filter((p) => !seenProblems.has(p))
    late.forEach((p) => seenProblems.add(p))
    if (late.length) throw new Error(formatProblems(late))
  })
}

function finish(started: number): number {
  // what the app did that WeChat tolerates but a reader may want to know (not counted)
  const notes = [...new Set(mps.flatMap((m) => m.notes))]
  if (notes.length) {
    console.log(`\nnotes (not failures):`)
    for (const note of notes.slice(0, verbose ? notes.length : 15)) console.log(`  ${note}`)
    if (!verbose && notes.length > 15) console.log(`  … ${notes.length - 15} more (--verbose)`)
  }
  const secs = ((Date.now() - started) / 1000).toFixed(0)
  console.log(`\n(${secs} s)`)
  console.log(`weapp: ${passed} passed, ${failed} failed`)
  return failed > 0 || passed === 0 ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    console.log(`weapp: ${passed} passed, ${failed + 1} failed`)
    process.exit(1)
  },
)
