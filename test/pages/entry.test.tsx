/**
 * The entry page (src/pages/index/index.tsx, spec §2): reads ehc / ec from the address, loads the
 * event and sends the attendee to login, home, the "not enabled" tip or the event-end page.
 * Rendered whole (PageLayout, guard, NavBar) with the fake Taro's useRouter.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { addPageView, getEvent, getEventByHash } from '@contracts/calls/event'
import type { EventInfo } from '@contracts/event'
import IndexPage from '@/pages/index/index'
import { appState, useAppStore } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { EVENT, USER, bodiesTo, eventWith, fail, ok, realDelay, serve, toasts, urls, useFakeClock } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

/** during the event (EVENT runs 2026-11-22 09:00 – 11-24 18:00 +08:00) */
const DURING = '2026-11-23T10:00:00+08:00'

const OFFLINE_ZH = '网络不可用，会议暂时无法打开。连上网络后请重试'
const LOGIN_URL = '/pages/pagesUser/login/login?ehc=demo&ec=E1'
const HOME_URL = '/pages/pagesUser/home/home?ehc=demo&ec=E1'
const TIP_URL = '/pages/Sudoku_1/tip?ehc=demo&ec=E1'
const EVENT_END_URL = '/pages/pagesUser/eventEnd/eventEnd?ehc=demo&ec=E1'

function answerEvent(event: EventInfo): void {
  serve({ [getEventByHash.path]: () => ok(event), [getEvent.path]: () => ok(event) })
}

async function openEntry(params: Record<string, string>) {
  setRouterParams(params)
  const r = render(<IndexPage />)
  await screen.findByText('参会助手')
  return r
}

/** where the page redirected to, once it did */
async function redirected(): Promise<string[]> {
  await waitFor(() => expect(taro.redirectTo).toHaveBeenCalled())
  await realDelay()
  return taro.redirectTo.mock.calls.map(([o]) => o.url)
}

/** the event's request fails as with no network until `back` is set */
function eventUnreachableUntilBack(): { back: boolean } {
  const network = { back: false }
  serve({
    [getEventByHash.path]: () => {
      if (!network.back) throw new Error('request:fail')
      return ok(EVENT)
    },
  })
  return network
}

beforeEach(() => {
  freshPageTest()
  answerEvent(EVENT)
  useFakeClock(DURING)
})
afterEach(() => {
  jest.useRealTimers()
})

describe('entry page with ?ehc=demo', () => {
  it('loads the event by hash (POST getEventByHash) and, without a token, redirects to login', async () => {
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([LOGIN_URL])
    const [first] = taro.request.mock.calls.map(([o]) => o).filter((o) => o.url === getEventByHash.path)
    expect(first.url).toBe('/api/biz/cmsEventInfo/getEventByHash')
    expect(first.method).toBe('POST')
    expect(first.data).toStrictEqual({ eventHashCode: 'demo', funcModule: 'cmsEventInfo', funcOperation: 'getEventByHash' })
    expect(urls()).not.toContain(getEvent.path)
    // the event is now the app's current event
    expect(appState().event).toEqual(EVENT)
    expect(appState().eventCode).toBe('E1')
    expect(appState().eventHashCode).toBe('demo')
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(taro.navigateTo).not.toHaveBeenCalled()
  })

  it('shows 正在打开会议… and the entry title, without a back button, while the event loads', async () => {
    let answer!: () => void
    serve({ [getEventByHash.path]: () => new Promise((resolve) => (answer = () => resolve(ok(EVENT)))) })
    await openEntry({ ehc: 'demo' })
    expect(await screen.findByText('正在打开会议…')).toBeTruthy()
    expect(document.body.querySelector('.nav-bar__title')?.textContent).toBe('参会助手')
    expect(document.body.querySelector('.nav-bar__back')).toBeNull()
    expect(taro.redirectTo).not.toHaveBeenCalled()
    answer()
    expect(await redirected()).toEqual([LOGIN_URL])
  })

  it('with a token for this event, redirects to home', async () => {
    useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', user: USER, eventHashCode: 'demo', eventCode: 'E1' })
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([HOME_URL])
    expect(appState().token).toBe('tok-1')
  })

  it('a token of another event does not count: the link switches event, the login is dropped', async () => {
    useAppStore.setState({ token: 'tok-old', tokenMd5: 'md5-old', user: USER, eventHashCode: 'old', eventCode: 'E0' })
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([LOGIN_URL])
    expect(appState().token).toBeNull()
    expect(appState().tokenMd5).toBeNull()
  })

  it('an event that has not started yet sends a guest to login, not to the end page', async () => {
    jest.setSystemTime(Date.parse('2026-10-01T00:00:00+08:00'))
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([LOGIN_URL])
  })

  it('a disabled event redirects to the not-enabled tip', async () => {
    answerEvent(eventWith({ enabled: false }))
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([TIP_URL])
  })

  it('a disabled event goes to the tip even with a token', async () => {
    useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', eventHashCode: 'demo', eventCode: 'E1' })
    answerEvent(eventWith({ enabled: false }))
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([TIP_URL])
  })

  it('an ended event (at its endTime) redirects to eventEnd, even with a token', async () => {
    jest.setSystemTime(Date.parse('2026-11-24T18:00:00+08:00'))
    useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', eventHashCode: 'demo', eventCode: 'E1' })
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([EVENT_END_URL])
  })

  it('records a page view for the entry page', async () => {
    await openEntry({ ehc: 'demo' })
    await redirected()
    expect(bodiesTo(addPageView.path)).toContainEqual({
      eventHashCode: 'demo',
      type: 'index',
      viewWay: 'H5',
      funcModule: 'meetingPageView',
      funcOperation: 'addPageView',
    })
  })
})

describe('other address forms', () => {
  it('?ec=E1 loads the event by code (POST cmsEventInfo/get)', async () => {
    await openEntry({ ec: 'E1' })
    expect(await redirected()).toEqual([LOGIN_URL])
    const eventCalls = urls().filter((u) => u.startsWith('/api/biz/cmsEventInfo/'))
    expect(eventCalls[0]).toBe('/api/biz/cmsEventInfo/get')
    expect(bodiesTo(getEvent.path)).toStrictEqual([{ eventCode: 'E1', funcModule: 'cmsEventInfo', funcOperation: 'get' }])
  })

  it('the long spellings eventHashCode / eventCode work too', async () => {
    await openEntry({ eventHashCode: 'demo', eventCode: 'E1' })
    expect(await redirected()).toEqual([LOGIN_URL])
    expect(bodiesTo(getEventByHash.path)[0]).toStrictEqual({ eventHashCode: 'demo', funcModule: 'cmsEventInfo', funcOperation: 'getEventByHash' })
  })

  it('no ehc / ec (and nothing stored) shows the "missing" notice and loads nothing', async () => {
    await openEntry({})
    expect(await screen.findByText('链接中缺少会议信息，请使用主办方提供的完整链接打开')).toBeTruthy()
    await realDelay()
    expect(urls()).not.toContain(getEventByHash.path)
    expect(urls()).not.toContain(getEvent.path)
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })

  it('no ehc / ec, in English', async () => {
    appState().setLanguage('en')
    setRouterParams({})
    render(<IndexPage />)
    expect(await screen.findByText('The link has no event in it. Please open the full link from the organiser')).toBeTruthy()
  })

  it('no ehc / ec but an event stored from an earlier visit: that event is loaded', async () => {
    useAppStore.setState({ eventHashCode: 'demo', eventCode: 'E1' })
    await openEntry({})
    expect(await redirected()).toEqual([LOGIN_URL])
    expect(bodiesTo(getEventByHash.path)[0]).toMatchObject({ eventHashCode: 'demo' })
  })
})

describe('when the event cannot be loaded', () => {
  it('an unknown event (EEVT1001) toasts its msgText and shows "not found"; no redirect', async () => {
    serve({ [getEventByHash.path]: () => fail('EEVT1001', '活动不存在') })
    await openEntry({ ehc: 'nope' })
    expect(await screen.findByText('未找到该会议，请确认链接是否正确')).toBeTruthy()
    expect(toasts()).toEqual(['活动不存在'])
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })

  it('a network failure says the event cannot be opened offline, with 重试; retry loads again and redirects', async () => {
    const network = eventUnreachableUntilBack()
    await openEntry({ ehc: 'demo' })
    expect(await screen.findByText(OFFLINE_ZH)).toBeTruthy()
    expect(toasts()).toContain('服务器访问出错')
    expect(taro.redirectTo).not.toHaveBeenCalled()

    network.back = true
    fireEvent.click(screen.getByText('重试'))
    const to = await redirected()
    expect(to).toEqual([LOGIN_URL])
  })

  it('a server failure (not the network) says 会议信息加载失败 with 重试', async () => {
    serve({ [getEventByHash.path]: () => fail('ESYS0001', '系统繁忙') })
    await openEntry({ ehc: 'demo' })
    expect(await screen.findByText('会议信息加载失败')).toBeTruthy()
  })

  it('offline with the event stored from an earlier visit: says so at once with 重试, not "正在打开会议…" until the request gives up', async () => {
    const network = eventUnreachableUntilBack()
    appState().setEvent(EVENT)
    useAppStore.setState({ eventLoadedAt: Date.now() - 10 * 60_000 })
    await openEntry({ ehc: 'demo' })
    expect(await screen.findByText(OFFLINE_ZH)).toBeTruthy()
    expect(screen.queryByText('正在打开会议…')).toBeNull()
    expect(taro.redirectTo).not.toHaveBeenCalled()

    network.back = true
    fireEvent.click(screen.getByText('重试'))
    expect(await redirected()).toEqual([LOGIN_URL])
  })

  it('offline, in English', async () => {
    appState().setLanguage('en')
    serve({
      [getEventByHash.path]: () => {
        throw new Error('request:fail')
      },
    })
    setRouterParams({ ehc: 'demo' })
    render(<IndexPage />)
    expect(await screen.findByText('No network: the event cannot be opened now. Try again once you are connected')).toBeTruthy()
    expect(screen.getByText('Retry')).toBeTruthy()
  })
})

describe('one fetch, one redirect (regressions of fixed bugs)', () => {
  /*
   * With only ehc in the address, loadEvent() stores the event, which sets eventCode: that must
   * not re-run the fetch (useCurrentEvent remembers what it asked for).
   */
  it('opening ?ehc=demo fetches the event once', async () => {
    await openEntry({ ehc: 'demo' })
    await redirected()
    expect(bodiesTo(getEventByHash.path)).toHaveLength(1)
  })

  it('opening ?ec=E1 fetches the event once', async () => {
    await openEntry({ ec: 'E1' })
    await redirected()
    expect(urls().filter((u) => u.startsWith('/api/biz/cmsEventInfo/'))).toEqual([getEvent.path])
  })

  it('a retry after a failed load redirects once', async () => {
    const network = eventUnreachableUntilBack()
    await openEntry({ ehc: 'demo' })
    await screen.findByText(OFFLINE_ZH)
    network.back = true
    fireEvent.click(screen.getByText('重试'))
    expect(await redirected()).toEqual([LOGIN_URL])
  })

  /*
   * A stored copy of the event fills the screen but must not decide where the entry page goes:
   * an event closed (enabled: false) since the last visit goes to the tip, not to login.
   */
  it('a stored but stale event: the entry page redirects once, on the fresh event', async () => {
    useAppStore.setState({ event: EVENT, eventHashCode: 'demo', eventCode: 'E1' })
    answerEvent(eventWith({ enabled: false }))
    await openEntry({ ehc: 'demo' })
    expect(await redirected()).toEqual([TIP_URL])
  })
})
