/**
 * After each navigation (spec §2): the window title from the stored event title in the user's
 * language (not on the microsite index), then a page-view record (spec §3) that never breaks a page.
 */
import { addPageView } from '@contracts/calls/event'
import { documentTitle, recordNavigation } from '@/lib/pageView'
import { useAppStore } from '@/store'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'
import { eventWith } from '../support/fixtures'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const EVENT = eventWith({ eventHashCode: 'H1', titleZh: '年度大会', titleEn: 'Annual Meeting' })
const ok = { statusCode: 200, data: { status: 200, msgId: '', msgText: '', data: null } }
const flush = () => new Promise<void>((r) => setTimeout(r, 0))
const ORIGINAL_TARO_ENV = process.env.TARO_ENV

beforeEach(() => {
  resetTaroMock()
  taro.request.mockResolvedValue(ok)
  resetAppStore({ language: 'zh' })
  document.title = 'before'
})
afterEach(async () => {
  await flush()
  process.env.TARO_ENV = ORIGINAL_TARO_ENV
})

describe('documentTitle', () => {
  it.each([
    ['zh', null, 'home', '首页'],
    ['en', null, 'home', 'Home'],
    ['zh', null, 'trainLogin', '12306账号登录'],
    ['zh', EVENT, 'home', '年度大会'],
    ['en', EVENT, 'home', 'Annual Meeting'],
  ] as const)('%s, event %#: %s → %s', (language, event, route, title) => {
    useAppStore.setState({ language, event })
    expect(documentTitle(route)).toBe(title)
  })

  it('falls back to the page title when the stored title of that language is empty', () => {
    useAppStore.setState({ language: 'en', event: { ...EVENT, titleEn: '' } })
    expect(documentTitle('home')).toBe('Home')
  })
})

describe('recordNavigation', () => {
  it('H5: sets document.title and records the page view with the route name', async () => {
    useAppStore.setState({ event: EVENT, eventHashCode: 'H1' })
    recordNavigation('home')
    expect(document.title).toBe('年度大会')
    expect(taro.request).toHaveBeenCalledTimes(1)
    const opts = taro.request.mock.calls[0][0]
    expect(opts.url).toBe(addPageView.path)
    expect(opts.data).toMatchObject({ eventHashCode: 'H1', type: 'home', viewWay: 'H5' })
  })

  it.each(['micrositeIndex', 'microsite25dIndex'] as const)('%s keeps its own title but is still recorded', (route) => {
    useAppStore.setState({ event: EVENT, eventHashCode: 'H1' })
    recordNavigation(route)
    expect(document.title).toBe('before')
    expect(taro.request).toHaveBeenCalledTimes(1)
    expect(taro.request.mock.calls[0][0].data).toMatchObject({ type: route })
  })

  it('a page view the server refuses (a closed event: EEVT1002) or that cannot be sent shows nothing, no loading either', async () => {
    useAppStore.setState({ event: EVENT, eventHashCode: 'H1' })
    taro.request.mockResolvedValueOnce({ statusCode: 200, data: { status: 0, msgId: 'EEVT1002', msgText: '会议网站尚未开启', data: null } })
    recordNavigation('notEnabled')
    taro.request.mockRejectedValueOnce({ errMsg: 'request:fail' })
    recordNavigation('notEnabled')
    await flush()
    expect(taro.request).toHaveBeenCalledTimes(2)
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(taro.showLoading).not.toHaveBeenCalled()
  })

  it('records nothing without an event hash', () => {
    recordNavigation('home')
    expect(document.title).toBe('首页')
    expect(taro.request).not.toHaveBeenCalled()
  })

  it('weapp: sets the navigation bar title and records viewWay WEAPP', () => {
    process.env.TARO_ENV = 'weapp'
    useAppStore.setState({ event: EVENT, eventHashCode: 'H1' })
    recordNavigation('schedule')
    expect(taro.setNavigationBarTitle).toHaveBeenCalledWith({ title: '年度大会' })
    expect(document.title).toBe('before')
    expect(taro.request.mock.calls[0][0].data).toMatchObject({ viewWay: 'WEAPP', type: 'schedule' })
  })

  it('a failed record does not throw nor leave an unhandled rejection', async () => {
    useAppStore.setState({ eventHashCode: 'H1' })
    taro.request.mockRejectedValue({ errMsg: 'request:fail' })
    const unhandled = jest.fn()
    process.on('unhandledRejection', unhandled)
    try {
      expect(() => recordNavigation('home')).not.toThrow()
      await flush()
      await flush()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
