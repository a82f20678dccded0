/**
 * What the request client tests share: the envelope and HTTP answers the fake Taro gives, the
 * catalogue texts in both languages, the device locale, and a fresh fake Taro and store before
 * each test. Each test file mocks '@tarojs/taro' itself and calls setUpFreshRequestClient().
 */
import { resetTaroMock, storage, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

export interface Body {
  status: number
  msgText: string
  msgId: string
  data: unknown
}
export const envelope = (b: Partial<Body>): Body => ({ status: 200, msgText: '', msgId: '', data: null, ...b })
/** one HTTP answer of Taro.request */
export const answer = (body: unknown, statusCode = 200) => ({ statusCode, data: body, header: {}, cookies: [], errMsg: 'request:ok' })
export const respond = (body: unknown, statusCode = 200) => taro.request.mockResolvedValueOnce(answer(body, statusCode))

/** lets the `modal → confirm → navigate` chain (fire-and-forget in request.ts) run to its end */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** calls of the fake, in the order they happened across fakes */
export const order = (fn: jest.Mock) => fn.mock.invocationCallOrder[0] ?? Infinity

export const ZH = {
  loading: '加载中…',
  requestFailed: '请求失败',
  serverError: '服务器访问出错',
  sessionTitle: '登录超时',
  railwayTitle: '12306登录超时',
}
export const EN = { requestFailed: 'Request failed', serverError: 'Server access error' }

let navigatorLanguage: jest.SpyInstance | undefined
export function setDeviceLocale(locale: string): void {
  navigatorLanguage?.mockRestore()
  navigatorLanguage = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(locale)
}

/** a fresh fake Taro, storage and store (zh, device zh-CN) before each test; nothing left open after it */
export function setUpFreshRequestClient(): void {
  beforeEach(() => {
    resetTaroMock()
    storage.clear()
    resetAppStore({ language: 'zh' })
    setDeviceLocale('zh-CN')
  })
  afterEach(async () => {
    // no modal or loading left open for the next test (module-level counters in request.ts)
    await flush()
    navigatorLanguage?.mockRestore()
    navigatorLanguage = undefined
  })
}
