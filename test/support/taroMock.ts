/**
 * A fake `@tarojs/taro` for unit tests of src/lib and src/store:
 *
 *   jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())
 *
 * Storage is an in-memory map (`storage`) with wx semantics (a missing key reads as ''). Call
 * `resetTaroMock()` in beforeEach to restore the default behaviours.
 *
 * The fakes and the map live on globalThis: jest.isolateModules re-runs the mock factory (and
 * re-requires this file) in a fresh registry, and an isolated store must still see the same
 * storage and the same fakes as the test. Each test file has its own global, so nothing leaks
 * between files.
 */

type Fn = jest.Mock

export interface TaroMock {
  request: Fn
  showLoading: Fn
  hideLoading: Fn
  showToast: Fn
  showModal: Fn
  reLaunch: Fn
  redirectTo: Fn
  navigateTo: Fn
  navigateBack: Fn
  getStorageSync: Fn
  setStorageSync: Fn
  removeStorageSync: Fn
  getSystemInfoSync: Fn
  getCurrentPages: Fn
  setNavigationBarTitle: Fn
  showShareMenu: Fn
  previewImage: Fn
  requestSubscribeMessage: Fn
  login: Fn
}

interface Shared {
  storage: Map<string, unknown>
  taro: TaroMock
}

function createShared(): Shared {
  const storage = new Map<string, unknown>()
  const taro: TaroMock = {
    request: jest.fn(),
    showLoading: jest.fn(),
    hideLoading: jest.fn(),
    showToast: jest.fn(),
    showModal: jest.fn(),
    reLaunch: jest.fn(),
    redirectTo: jest.fn(),
    navigateTo: jest.fn(),
    navigateBack: jest.fn(),
    getStorageSync: jest.fn(),
    setStorageSync: jest.fn(),
    removeStorageSync: jest.fn(),
    getSystemInfoSync: jest.fn(),
    getCurrentPages: jest.fn(),
    setNavigationBarTitle: jest.fn(),
    showShareMenu: jest.fn(),
    previewImage: jest.fn(),
    requestSubscribeMessage: jest.fn(),
    login: jest.fn(),
  }
  applyDefaults(taro, storage)
  return { storage, taro }
}

/** mockReset also drops queued mock*Once values left over by a previous test */
function applyDefaults(taro: TaroMock, storage: Map<string, unknown>): void {
  for (const fn of Object.values(taro)) fn.mockReset()
  taro.request.mockRejectedValue(new Error('Taro.request not stubbed by this test'))
  taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
  taro.reLaunch.mockResolvedValue(undefined)
  taro.redirectTo.mockResolvedValue(undefined)
  taro.navigateTo.mockResolvedValue(undefined)
  taro.navigateBack.mockResolvedValue(undefined)
  taro.setNavigationBarTitle.mockResolvedValue(undefined)
  taro.getStorageSync.mockImplementation((key: string) => (storage.has(key) ? storage.get(key) : ''))
  taro.setStorageSync.mockImplementation((key: string, value: unknown) => {
    storage.set(key, value)
  })
  taro.removeStorageSync.mockImplementation((key: string) => {
    storage.delete(key)
  })
  taro.getSystemInfoSync.mockReturnValue({ language: 'zh_CN', statusBarHeight: 20 })
  taro.getCurrentPages.mockReturnValue([])
  // the mini-program's subscription prompt, answered with nothing accepted; a wx.login code
  taro.requestSubscribeMessage.mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok' })
  taro.login.mockResolvedValue({ code: 'wx-login-code', errMsg: 'login:ok' })
}

const g = globalThis as unknown as { __taroMock?: Shared }
const shared: Shared = g.__taroMock ?? (g.__taroMock = createShared())

export const storage = shared.storage
export const taro = shared.taro

export function resetTaroMock(): void {
  applyDefaults(taro, storage)
}

export function taroMockModule(): Record<string, unknown> {
  return { __esModule: true, default: taro, ...taro }
}
