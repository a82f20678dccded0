/**
 * App start share setup (spec §7): share signature, then appearance by event code, then the share
 * card with shareTitle, shareSubTitle, sharePic and the current link. Never breaks the app.
 */
import { getAppearance, getEventByHash, signShareUrl } from '@contracts/calls/event'
import { initShare, signUrl } from '@/lib/share'
import { useAppStore } from '@/store'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const mockWx = {
  config: jest.fn(),
  ready: jest.fn((cb: () => void) => cb()),
  updateAppMessageShareData: jest.fn(),
  updateTimelineShareData: jest.fn(),
}
jest.mock('weixin-js-sdk', () => ({ __esModule: true, default: mockWx }))

const SIGN = { appId: 'wx123', timestamp: 1700000000, noncestr: 'abc', signature: 'sig' }
const APPEARANCE = { shareTitle: '大会', shareSubTitle: '欢迎参加', sharePic: 'https://cdn/p.png', themeColor: '#000000', bannerUrl: '' }
const EVENT = { eventCode: 'E1', eventHashCode: 'H1', permissionType: 1, someUserTypes: [] }

const envelope = (data: unknown) => ({ statusCode: 200, data: { status: 200, msgId: '', msgText: '', data } })
/** answers by path */
function serve(routes: Record<string, unknown>): void {
  taro.request.mockImplementation(async ({ url }: { url: string }) => {
    if (!(url in routes)) throw { errMsg: `request:fail no route ${url}` }
    const r = routes[url]
    return r instanceof Error ? Promise.reject(r) : envelope(r)
  })
}
const calledUrls = () => taro.request.mock.calls.map((c) => c[0].url)
const meta = (attr: string, name: string) => document.head.querySelector(`meta[${attr}="${name}"]`)?.getAttribute('content')

let userAgent: jest.SpyInstance
beforeEach(() => {
  resetTaroMock()
  for (const f of Object.values(mockWx)) f.mockClear()
  resetAppStore({ language: 'zh' })
  document.head.innerHTML = ''
  window.history.replaceState(null, '', '/pages/index/index?ehc=H1&ec=E1#frag')
  userAgent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Chrome/120')
})
afterEach(() => userAgent.mockRestore())

describe('signUrl', () => {
  it.each([
    ['https://a.example/pages/x?ehc=1&ec=2#/y', 'https://a.example/pages/x?ehc=1&ec=2'],
    ['https://a.example/', 'https://a.example/'],
    ['https://a.example/p#a#b', 'https://a.example/p'],
  ])('%s → %s', (href, url) => {
    expect(signUrl(href)).toBe(url)
  })
})

describe('initShare (H5)', () => {
  it('signs, then loads the appearance by event code, then writes the share meta outside WeChat', async () => {
    useAppStore.setState({ eventCode: 'E1', eventHashCode: 'H1' })
    serve({ [signShareUrl.path]: SIGN, [getAppearance.path]: APPEARANCE })
    await initShare()

    expect(calledUrls()).toEqual([signShareUrl.path, getAppearance.path])
    expect(taro.request.mock.calls[0][0].data).toMatchObject({ url: 'http://localhost/pages/index/index?ehc=H1&ec=E1' })
    expect(taro.request.mock.calls[1][0].data).toMatchObject({ eventCode: 'E1' })
    expect(useAppStore.getState().appearance).toEqual(APPEARANCE)
    expect(meta('property', 'og:title')).toBe('大会')
    expect(meta('property', 'og:description')).toBe('欢迎参加')
    expect(meta('property', 'og:image')).toBe('https://cdn/p.png')
    expect(meta('property', 'og:url')).toBe(window.location.href)
    expect(meta('name', 'description')).toBe('欢迎参加')
    expect(mockWx.config).not.toHaveBeenCalled()
  })

  it('with only the event hash, gets the event code from the event first', async () => {
    useAppStore.setState({ eventHashCode: 'H1' })
    serve({ [signShareUrl.path]: SIGN, [getEventByHash.path]: EVENT, [getAppearance.path]: APPEARANCE })
    await initShare()
    expect(calledUrls()).toEqual([signShareUrl.path, getEventByHash.path, getAppearance.path])
    expect(taro.request.mock.calls[2][0].data).toMatchObject({ eventCode: 'E1' })
  })

  it('configures the WeChat share card inside WeChat', async () => {
    userAgent.mockReturnValue('Mozilla/5.0 MicroMessenger/8.0.40')
    useAppStore.setState({ eventCode: 'E1', eventHashCode: 'H1' })
    serve({ [signShareUrl.path]: SIGN, [getAppearance.path]: APPEARANCE })
    await initShare()

    expect(mockWx.config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wx123', timestamp: 1700000000, nonceStr: 'abc', signature: 'sig' }))
    const card = { title: '大会', desc: '欢迎参加', link: window.location.href, imgUrl: 'https://cdn/p.png' }
    expect(mockWx.updateAppMessageShareData).toHaveBeenCalledWith(expect.objectContaining(card))
    expect(mockWx.updateTimelineShareData).toHaveBeenCalledWith(expect.objectContaining(card))
  })

  it('does nothing beyond the signature without an event', async () => {
    serve({ [signShareUrl.path]: SIGN })
    await initShare()
    expect(calledUrls()).toEqual([signShareUrl.path])
  })

  it('never throws when a call fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    useAppStore.setState({ eventCode: 'E1' })
    serve({ [signShareUrl.path]: SIGN })
    await expect(initShare()).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
