/**
 * The home page (src/pages/pagesUser/home/home.tsx): login guard, event header, conference time
 * state of spec §4 (countdown, in progress, ended), the welcome from /api/getUser, and logout.
 * The clock is fake and held still (eventually() waits in real time) so countdowns are exact.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { getUser, logout } from '@contracts/calls/auth'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import HomePage from '@/pages/pagesUser/home/home'
import { appState, useAppStore } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { EVENT, USER, bodiesTo, eventually, ok, realDelay, requests, serve, urls, useFakeClock } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const LOGIN_URL = '/pages/pagesUser/login/login?ehc=demo&ec=E1'
/** the guard's redirect: login comes back to home afterwards (lib/router/guard.ts redirectOf) */
const LOGIN_THEN_HOME_URL = `${LOGIN_URL}&back=home`
/** EVENT runs 2026-11-22 09:00 – 11-24 18:00 (+08:00) */
const DURING = '2026-11-23T10:00:00+08:00'

const text = (selector: string) => document.body.querySelector(selector)?.textContent ?? null

function loggedIn(): void {
  useAppStore.setState({
    token: 'tok-1',
    tokenMd5: 'md5-1',
    // the stored user is the one of login time; the welcome must show the fresh /api/getUser one
    user: { ...USER, name: '旧名字', company: null },
    eventHashCode: 'demo',
    eventCode: 'E1',
  })
}

async function openHome(params: Record<string, string> = { ehc: 'demo', ec: 'E1' }) {
  setRouterParams(params)
  const r = render(<HomePage />)
  await realDelay()
  return r
}

beforeEach(() => {
  freshPageTest({
    [getEventByHash.path]: () => ok(EVENT),
    [getEvent.path]: () => ok(EVENT),
    [getUser.path]: () => ok(USER),
  })
  useFakeClock(DURING)
  // the phone in China unless a test moves it: whatever zone the machine running the tests is in
  jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-8 * 60)
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('login guard', () => {
  it('without a token redirects to login keeping ehc and ec, and shows nothing of home', async () => {
    await openHome()
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalledTimes(1))
    expect(taro.redirectTo).toHaveBeenCalledWith({ url: LOGIN_THEN_HOME_URL })
    expect(document.body.querySelector('.page__body')).toBeNull()
    expect(document.body.querySelector('.home-page')).toBeNull()
    expect(urls()).not.toContain(getUser.path)
    expect(urls()).not.toContain(getEventByHash.path)
    // the navigation bar is drawn, with the page title
    expect(text('.nav-bar__title')).toBe('首页')
  })

  it('without a token, with only ehc in the address, keeps the stored ec of the same event', async () => {
    useAppStore.setState({ eventHashCode: 'demo', eventCode: 'E1' })
    await openHome({ ehc: 'demo' })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: LOGIN_THEN_HOME_URL }))
  })

  it("a token of another event does not open this event's home", async () => {
    loggedIn()
    await openHome({ ehc: 'other', ec: 'E2' })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    await realDelay()
    expect(taro.redirectTo.mock.calls.map(([o]) => o.url)).toEqual(['/pages/pagesUser/login/login?ehc=other&ec=E2&back=home'])
    expect(appState().token).toBeNull()
    expect(document.body.querySelector('.home-page')).toBeNull()
    expect(urls()).not.toContain(getUser.path)
  })
})

describe('with a token', () => {
  beforeEach(loggedIn)

  it('shows the event title, time and venue, 会议进行中, and the welcome with the name from /api/getUser', async () => {
    await openHome()
    await eventually(() => expect(text('.home-page__name')).toBe('张三，欢迎参会'))
    expect(taro.redirectTo).not.toHaveBeenCalled()
    expect(text('.nav-bar__title')).toBe('首页')
    expect(text('.event-header__title')).toBe('2026 年会')
    const rows = Array.from(document.body.querySelectorAll('.event-header__row')).map((r) => r.textContent)
    expect(rows).toEqual(['会议时间2026-11-22 09:00 – 11-24 18:00', '会议地点上海国际会议中心'])
    expect(text('.event-status')).toBe('会议进行中')
    expect(document.body.querySelector('.event-status--inProgress')).not.toBeNull()
    expect(text('.home-page__company')).toBe('示例公司')
    expect(screen.getByText('退出登录')).toBeTruthy()
    // the attendee's registration details and password are one tap away
    fireEvent.click(screen.getByText('我的报名信息'))
    expect(taro.navigateTo).toHaveBeenLastCalledWith({ url: expect.stringMatching(/^\/pages\/pagesUser\/form\/form\?/) })
    fireEvent.click(screen.getByText('修改密码'))
    expect(taro.navigateTo).toHaveBeenLastCalledWith({ url: expect.stringMatching(/^\/pages\/pagesUser\/home\/changePassword\?/) })
    expect(screen.getByText('English')).toBeTruthy()

    const userRequest = requests().find((r) => r.url === getUser.path)!
    expect(userRequest.url).toBe('/api/getUser')
    expect(userRequest.method).toBe('POST')
    expect(userRequest.data).toStrictEqual({ funcModule: 'getUser', funcOperation: 'getUser' })
    expect(userRequest.header.authorization).toBe('tok-1')
    expect(appState().user).toEqual(USER)
  })

  it('loads the event of the address (POST getEventByHash)', async () => {
    await openHome()
    await eventually(() => expect(text('.event-header__title')).toBe('2026 年会'))
    expect(bodiesTo(getEventByHash.path)[0]).toStrictEqual({ eventHashCode: 'demo', funcModule: 'cmsEventInfo', funcOperation: 'getEventByHash' })
  })

  it('before the start: 距离会议开始 and a countdown that ticks every second', async () => {
    // 1 d 2 h 3 min 4 s before 2026-11-22 09:00 +08:00
    jest.setSystemTime(Date.parse('2026-11-21T06:56:56+08:00'))
    await openHome()
    await eventually(() => expect(text('.event-status__countdown')).not.toBeNull())
    expect(text('.event-status__label')).toBe('距离会议开始')
    expect(text('.event-status__countdown')).toBe('1天 2时 3分 4秒')
    expect(document.body.querySelector('.event-status--notStarted')).not.toBeNull()
    expect(screen.queryByText('会议进行中')).toBeNull()

    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(text('.event-status__countdown')).toBe('1天 2时 3分 3秒')
    act(() => {
      jest.advanceTimersByTime(4000)
    })
    expect(text('.event-status__countdown')).toBe('1天 2时 2分 59秒')
  })

  it('the countdown turns into 会议进行中 at the start', async () => {
    jest.setSystemTime(Date.parse('2026-11-22T08:59:58+08:00'))
    await openHome()
    await eventually(() => expect(text('.event-status__countdown')).toBe('0天 0时 0分 2秒'))
    act(() => {
      jest.advanceTimersByTime(2000)
    })
    expect(text('.event-status')).toBe('会议进行中')
    expect(document.body.querySelector('.event-status__countdown')).toBeNull()
  })

  it('after the end: 会议已结束', async () => {
    jest.setSystemTime(Date.parse('2026-11-25T09:00:00+08:00'))
    await openHome()
    await eventually(() => expect(text('.event-status')).toBe('会议已结束'))
    expect(document.body.querySelector('.event-status--ended')).not.toBeNull()
    expect(screen.queryByText('会议进行中')).toBeNull()
    expect(document.body.querySelector('.event-status__countdown')).toBeNull()
  })

  it('a phone in New York: the times in Beijing time, labelled so, in both languages', async () => {
    jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(5 * 60)
    await openHome()
    await eventually(() => expect(text('.home-page__name')).toBe('张三，欢迎参会'))
    expect(text('.event-header__value')).toBe('2026-11-22 09:00 – 11-24 18:00 北京时间')
    appState().setLanguage('en')
    await eventually(() => expect(text('.event-header__value')).toBe('2026-11-22 09:00 – 11-24 18:00 Beijing time'))
  })

  it('in English (store language en)', async () => {
    appState().setLanguage('en')
    await openHome()
    await eventually(() => expect(text('.home-page__name')).toBe('Welcome, 张三'))
    expect(text('.nav-bar__title')).toBe('Home')
    expect(text('.event-header__title')).toBe('Annual Meeting 2026')
    const rows = Array.from(document.body.querySelectorAll('.event-header__row')).map((r) => r.textContent)
    expect(rows).toEqual(['Time2026-11-22 09:00 – 11-24 18:00', 'VenueShanghai International Convention Center'])
    expect(text('.event-status')).toBe('The event is in progress')
    expect(screen.getByText('Log out')).toBeTruthy()
    expect(screen.getByText('中文')).toBeTruthy()
    expect(requests().find((r) => r.url === getUser.path)!.header.lang).toBe('en')
  })

  it('the language switch turns the page into English', async () => {
    await openHome()
    await eventually(() => expect(text('.home-page__name')).toBe('张三，欢迎参会'))
    fireEvent.click(screen.getByText('English'))
    await eventually(() => expect(text('.home-page__name')).toBe('Welcome, 张三'))
    expect(text('.event-status')).toBe('The event is in progress')
    expect(appState().language).toBe('en')
  })

  it('logout asks first, then clears the session and goes to login with ehc and ec', async () => {
    await openHome()
    await eventually(() => expect(screen.getByText('退出登录')).toBeTruthy())
    fireEvent.click(screen.getByText('退出登录'))
    await eventually(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(taro.showModal).toHaveBeenCalledWith({ title: '提示', content: '确定退出登录吗？', confirmText: '确定', cancelText: '取消' })
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: LOGIN_URL })
    expect(appState().token).toBeNull()
    expect(appState().tokenMd5).toBeNull()
    expect(appState().user).toBeNull()
    // the event is kept: the login page opens on it
    expect(appState().eventHashCode).toBe('demo')
    // and the token is revoked on the server, sent with the token it revokes
    const revoke = requests().filter((r) => r.url === logout.path)
    expect(revoke).toHaveLength(1)
    expect(revoke[0].header.authorization).toBe('tok-1')
  })

  it('logout still logs out on this phone when the server cannot be reached, and says nothing of it', async () => {
    await openHome()
    await eventually(() => expect(screen.getByText('退出登录')).toBeTruthy())
    serve({
      [logout.path]: () => {
        throw new Error('offline')
      },
    })
    taro.showToast.mockClear()
    fireEvent.click(screen.getByText('退出登录'))
    await eventually(() => expect(taro.reLaunch).toHaveBeenCalledWith({ url: LOGIN_URL }))
    await realDelay()
    expect(appState().token).toBeNull()
    expect(taro.showToast).not.toHaveBeenCalled()
  })

  it('logout cancelled keeps the session', async () => {
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    await openHome()
    await eventually(() => expect(screen.getByText('退出登录')).toBeTruthy())
    fireEvent.click(screen.getByText('退出登录'))
    await eventually(() => expect(taro.showModal).toHaveBeenCalledTimes(1))
    await realDelay()
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(appState().token).toBe('tok-1')
  })
})

describe('one navigation at a time (regressions of fixed bugs)', () => {
  /*
   * Logout calls clearSession() and reLaunch('login'); the guard of the home page must not
   * answer the token change with a second redirectTo('login').
   */
  it('logout navigates once (the reLaunch), without a second redirect from the guard', async () => {
    loggedIn()
    await openHome()
    await eventually(() => expect(screen.getByText('退出登录')).toBeTruthy())
    fireEvent.click(screen.getByText('退出登录'))
    await eventually(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    await realDelay()
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })

  /*
   * An address naming another event makes setEventParams() drop the token inside the guard
   * effect: one redirect to the new event's login, not two.
   */
  it('a link to another event redirects to its login once', async () => {
    loggedIn()
    await openHome({ ehc: 'other', ec: 'E2' })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    await realDelay()
    expect(taro.redirectTo).toHaveBeenCalledTimes(1)
  })
})
