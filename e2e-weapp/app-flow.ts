/**
 * What `npm run test:weapp` does with the mini-program, as a person would on a phone: a cold start
 * at the event's entry, login, every registered page, an air order, an upload, the language
 * switch, back, share, logout and an unknown path. Each step is one check (checks.ts).
 */
import { ROUTE_LIST, type RouteDef } from '../src/lib/router/routes'
import zhCN from '../src/locales/zh-CN'
import en from '../src/locales/en'
import airZhCN from '../src/locales/air.zh-CN'
import type { EventInfo } from '../contracts/event'
import { pngOf } from '../server/test/support/files'
import { MiniProgram } from './harness/miniprogram'
import type { Screen } from './harness/render'
import type { TestServer } from './harness/server'
import { check, expectClean, formatProblems, mps, seenProblems } from './checks'
import { DEMO, EVENT_QUERY, ticketedAirOrder } from './demo-api'

export async function runApp(api: TestServer, event: EventInfo, routes: RouteDef[], verbose: boolean): Promise<void> {
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
    await expectClean(
      mp,
      loginFrom,
      async () => {
        mp.tap('.login-form__tab--account')
        await mp.waitFor('the user-name field', () => mp.screen().has('.text-field--userName input'))
        mp.type('.text-field--userName input', DEMO.userName)
        mp.type('.text-field--password input', DEMO.password)
        mp.tap('.login-form__check')
        await mp.waitFor('the agreement ticked', () => mp.screen().has('.login-form__check.is-checked'))
        mp.tap('.login-form__submit')
        await mp.waitFor('the home page', () => mp.currentRoute === HOME, 15000)
      },
      (p) => p.page !== HOME,
    )
    if (!mp.calls.some((c) => c.api === 'request' && /\/guest\/login$/.test(c.args?.url ?? ''))) throw new Error('no login request was sent')
    const toast = mp.calls.filter((c) => c.api === 'showToast').pop()?.args?.title
    return `toast "${toast}", then ${mp.currentRoute}`
  })
  if (!loggedIn) return

  await check('home shows the event title and the attendee', async () => {
    await expectClean(
      mp,
      loginFrom,
      async () => {
        await mp.waitFor(`the event title on home`, () => mp.screen().textOf('.event-header__title') === event.titleZh)
        await mp.waitFor('the welcome line', () => mp.screen().has('.home-page__name'))
        await mp.settle()
      },
      (p) => p.page === HOME,
    )
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
      const set = mp.calls
        .slice(calls)
        .filter((c) => c.api === 'setNavigationBarTitle')
        .pop()
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
      await mp.waitFor(
        'the order ticketed, with refund and change',
        () => mp.screen().has('.air-details__action--refund') && mp.screen().has('.air-details__action--change'),
      )
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

  // ---- a refund asks WeChat's subscription prompt inside the tap, then keeps the accept for the order
  await check('an air refund in the mini-program: the refund result notice asked in the tap, the accept kept for the order', async () => {
    const orderId = await ticketedAirOrder(api.origin)
    const from = mp.calls.length
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/pages/airTicket/dishonoredBill/index?${EVENT_QUERY}&orderId=${orderId}`)
      await mp.waitFor('the refund form', () => mp.screen().has('.air-refund__submit') && mp.screen().has('.air-route__item'))
      mp.tap('.air-route__item')
      const passenger = mp
        .screen()
        .findAll('.air-choice__item')
        .find((n) => !String(n.attr.class ?? '').includes('air-route__item'))
      if (!passenger) throw new Error('no passenger to choose')
      mp.tap(passenger)
      mp.tap('.air-reason__type--voluntary')
      await mp.waitFor("the type's reasons", () => mp.screen().has('.air-reason__reason--planChanged'))
      mp.tap('.air-reason__reason--planChanged')
      await mp.waitFor('the estimate', () => mp.screen().has('.air-estimate__amount'))
      mp.tap('.air-refund__submit')
      await mp.waitFor('the accept kept', () =>
        mp.calls.slice(from).some((c) => c.api === 'request' && /\/wx\/subscribeMessage\/save$/.test(c.args?.url ?? '')),
      )
    })
    const calls = mp.calls.slice(from)
    const asked = calls.find((c) => c.api === 'requestSubscribeMessage')
    if (!asked?.args?.inTap) throw new Error('requestSubscribeMessage was not called inside the tap')
    const at = (re: RegExp) => calls.findIndex((c) => c.api === 'request' && re.test(c.args?.url ?? ''))
    if (at(/\/ticketRefund$/) < 0 || at(/\/ticketRefund$/) > at(/\/wx\/subscribeMessage\/save$/))
      throw new Error('the accept was kept before the refund was saved')
    const sent = calls[at(/\/wx\/subscribeMessage\/save$/)].args.data
    const kept = typeof sent === 'string' ? JSON.parse(sent) : sent
    if (kept.orderKind !== 'flight' || kept.orderId !== orderId || kept.moment !== 'refund' || kept.templateIds.length !== 1 || !kept.wxCode)
      throw new Error(`kept ${JSON.stringify(kept)}`)
    return `asked ${JSON.stringify(asked.args.tmplIds)} in the tap; kept for order ${orderId}`
  })

  // ---- a registration upload: wx.uploadFile (multipart) with its progress, not wx.request's 0 then 100
  await check('a photo on the registration form goes up by wx.uploadFile, the bar moving in steps', async () => {
    const shown = new Set<string>()
    await expectClean(mp, mp.problems.length, async () => {
      await mp.reLaunch(`/pages/pagesUser/form/form?${EVENT_QUERY}`)
      await mp.waitFor('the photo field', () => mp.screen().has('.reg-upload--photo .reg-upload__button'))
      mp.answers.files.push({ name: 'portrait.png', bytes: pngOf(240, 320) })
      mp.tap('.reg-upload--photo .reg-upload__button')
      await mp.waitFor(
        'the photo uploaded',
        () => {
          const bar = mp.screen().textOf('.reg-upload--photo .reg-upload__progress')
          if (bar) shown.add(bar)
          return mp.screen().textOf('.reg-upload--photo .reg-upload__name')?.includes('portrait.png')
        },
        15000,
      )
      await mp.settle()
    })
    const upload = mp.calls.filter((c) => c.api === 'uploadFile').pop()
    if (!upload) throw new Error("no wx.uploadFile call: the file did not go by the mini-program's upload API")
    if (mp.calls.some((c) => c.api === 'request' && /\/obs\/file\/upload/.test(c.args?.url ?? '')))
      throw new Error('the file went by wx.request (no upload progress)')
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
    const views = mp.calls
      .slice(calls)
      .filter((c) => c.api === 'request' && /\/addPageView$/.test(c.args?.url ?? ''))
      .map((c) => c.args.data.type)
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
