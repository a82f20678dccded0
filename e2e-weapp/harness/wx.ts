/* eslint-disable @typescript-eslint/no-explicit-any -- options and results are WeChat's loosely typed objects, passed to and from compiled code */
/**
 * The `wx` object the compiled mini-program sees. Its behaviour follows WeChat's documentation
 * where the app depends on it:
 *  - async APIs call success/fail/complete later (never synchronously), or return a promise when
 *    given none of them;
 *  - request, the file pickers and uploadFile go to the test server as WeChat sends them
 *    (wx-network.ts);
 *  - storage is kept in memory as WeChat keeps it: values are copied, a missing key reads as '';
 *  - navigation is delegated to the harness's page stack;
 *  - toast, modal, loading, scanCode, requestPayment, share and friends are recorded; modal,
 *    scanCode and payment answer what the test queued (confirm, cancel, a code …);
 * Any other real wx API is present (Taro copies the keys it finds on wx) but reports that the
 * harness does not simulate it, so a new weapp-only path shows up here instead of passing unseen.
 */
import { wxApiNames } from './wxApiNames'
import * as phone from './device'
import { answer, recordCall, type WxHost } from './wx-host'
import { createNetwork } from './wx-network'

export type { Answers, NavKind, WxCall, WxHost } from './wx-host'

const STORAGE_LIMIT_BYTES = 10 * 1024 * 1024
const STORAGE_KEY_LIMIT_BYTES = 1024 * 1024

export function createWx(host: WxHost): Record<string, any> {
  const storage = new Map<string, string>()
  const storageBytes = () => [...storage].reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0)

  const setStorage = (key: string, data: unknown) => {
    if (typeof key !== 'string' || key === '') throw new Error('parameter error: key should be a non-empty string')
    // WeChat keeps what JSON can carry (and Date); functions and undefined fields are lost, as here
    const json = JSON.stringify(data === undefined ? null : data)
    if (Buffer.byteLength(json) > STORAGE_KEY_LIMIT_BYTES) throw new Error('exceed storage item max length')
    const before = storage.get(key)
    storage.set(key, json)
    if (storageBytes() > STORAGE_LIMIT_BYTES) {
      if (before === undefined) storage.delete(key)
      else storage.set(key, before)
      throw new Error('exceed storage max size 10Mb')
    }
  }
  const getStorage = (key: string): unknown => {
    const v = storage.get(key)
    return v === undefined ? undefined : JSON.parse(v)
  }

  const record = (api: string, args: any) => recordCall(host, api, args)

  const ui = host.ui
  const impl: Record<string, any> = {
    // ---- network
    ...createNetwork(host),

    // ---- storage
    setStorageSync: (key: string, data: unknown) => {
      try {
        setStorage(key, data)
      } catch (e) {
        host.problem('storage', `setStorageSync(${key}): ${(e as Error).message}`)
        throw e
      }
    },
    getStorageSync: (key: string) => {
      const v = getStorage(key)
      // a missing key reads as an empty string on WeChat (not undefined or null)
      return v === undefined ? '' : v
    },
    removeStorageSync: (key: string) => void storage.delete(key),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: Math.ceil(storageBytes() / 1024), limitSize: STORAGE_LIMIT_BYTES / 1024 }),
    setStorage: (o: any) => answer(host, 'setStorage', o, () => void setStorage(o.key, o.data)),
    getStorage: (o: any) =>
      answer(host, 'getStorage', o, () => {
        const v = getStorage(o.key)
        if (v === undefined) throw new Error('data not found')
        return { data: v }
      }),
    removeStorage: (o: any) => answer(host, 'removeStorage', o, () => void storage.delete(o.key)),
    clearStorage: (o: any) => answer(host, 'clearStorage', o, () => storage.clear()),
    getStorageInfo: (o: any) => answer(host, 'getStorageInfo', o, () => impl.getStorageInfoSync()),
    batchGetStorageSync: (keys: string[]) => keys.map((k) => impl.getStorageSync(k)),
    batchSetStorageSync: (items: Array<{ key: string; value: unknown }>) => items.forEach((i) => impl.setStorageSync(i.key, i.value)),

    // ---- navigation (the page stack lives in the harness)
    navigateTo: (o: any) => answer(host, 'navigateTo', o, () => host.navigate('navigateTo', o)),
    redirectTo: (o: any) => answer(host, 'redirectTo', o, () => host.navigate('redirectTo', o)),
    reLaunch: (o: any) => answer(host, 'reLaunch', o, () => host.navigate('reLaunch', o)),
    navigateBack: (o: any) => answer(host, 'navigateBack', o, () => host.navigate('navigateBack', o)),
    switchTab: (o: any) => answer(host, 'switchTab', o, () => host.navigate('switchTab', o)),

    // ---- interaction: recorded, answered from host.answers
    showToast: (o: any) =>
      answer(host, 'showToast', o, () => {
        record('showToast', o)
        ui.toast = String(o?.title ?? '')
        ui.loading = null
      }),
    hideToast: (o: any) => answer(host, 'hideToast', o, () => void (ui.toast = null)),
    showLoading: (o: any) =>
      answer(host, 'showLoading', o, () => {
        record('showLoading', o)
        ui.loading = String(o?.title ?? '')
        ui.toast = null
      }),
    // on WeChat toast and loading are one overlay: hiding the loading also hides a toast
    hideLoading: (o: any) =>
      answer(host, 'hideLoading', o, () => {
        ui.loading = null
        ui.toast = null
      }),
    showModal: (o: any) =>
      answer(host, 'showModal', o, () => {
        record('showModal', o)
        ui.modal = { title: String(o?.title ?? ''), content: String(o?.content ?? '') }
        const confirm = host.answers.modal.length ? host.answers.modal.shift()! : true
        return { confirm, cancel: !confirm, ...(o?.editable ? { content: '' } : {}) }
      }),
    showActionSheet: (o: any) =>
      answer(host, 'showActionSheet', o, () => {
        record('showActionSheet', o)
        const tapIndex = host.answers.actionSheet.length ? host.answers.actionSheet.shift()! : 0
        if (tapIndex < 0) throw new Error('cancel')
        return { tapIndex }
      }),
    scanCode: (o: any) =>
      answer(host, 'scanCode', o, () => {
        record('scanCode', o)
        const result = host.answers.scanCode.length ? host.answers.scanCode.shift()! : null
        if (result === null) throw new Error('cancel')
        return { result, scanType: 'QR_CODE', charSet: 'utf-8', path: '', rawData: Buffer.from(result).toString('base64') }
      }),
    requestPayment: (o: any) =>
      answer(host, 'requestPayment', o, () => {
        record('requestPayment', o)
        for (const field of ['timeStamp', 'nonceStr', 'package', 'paySign']) {
          if (!o?.[field]) throw new Error(`parameter error: ${field} is required`)
        }
        const paid = host.answers.payment.length ? host.answers.payment.shift()! : true
        if (!paid) throw new Error('cancel')
        return {}
      }),
    // WeChat shows the subscription prompt only from a tap, for 1 to 3 templates; the answer names each
    requestSubscribeMessage: (o: any) => {
      const inTap = host.inTap()
      return answer(host, 'requestSubscribeMessage', o, () => {
        record('requestSubscribeMessage', { ...o, inTap })
        if (!inTap) throw new Error('can only be invoked by user TAP gesture.')
        const ids: unknown = o?.tmplIds
        if (!Array.isArray(ids) || ids.length < 1 || ids.length > 3) throw new Error('Templates count out of max bounds')
        const said = host.answers.subscribe.length ? host.answers.subscribe.shift()! : 'accept'
        if (said === 'fail') throw new Error('system error')
        return Object.fromEntries(ids.map((id) => [String(id), said]))
      })
    },
    showShareMenu: (o: any) => answer(host, 'showShareMenu', o, () => void record('showShareMenu', o)),
    hideShareMenu: (o: any) => answer(host, 'hideShareMenu', o, () => void record('hideShareMenu', o)),
    updateShareMenu: (o: any) => answer(host, 'updateShareMenu', o, () => void record('updateShareMenu', o)),
    showShareImageMenu: (o: any) => answer(host, 'showShareImageMenu', o, () => void record('showShareImageMenu', o)),
    setClipboardData: (o: any) =>
      answer(host, 'setClipboardData', o, () => {
        record('setClipboardData', o)
        host.clipboard = String(o?.data ?? '')
      }),
    getClipboardData: (o: any) => answer(host, 'getClipboardData', o, () => ({ data: host.clipboard })),
    makePhoneCall: (o: any) => answer(host, 'makePhoneCall', o, () => void record('makePhoneCall', o)),
    openLocation: (o: any) => answer(host, 'openLocation', o, () => void record('openLocation', o)),
    addPhoneCalendar: (o: any) => answer(host, 'addPhoneCalendar', o, () => void record('addPhoneCalendar', o)),
    // the attendance code raises the screen to full brightness while it is shown
    getScreenBrightness: (o: any) => answer(host, 'getScreenBrightness', o, () => ({ value: 0.5 })),
    setScreenBrightness: (o: any) => answer(host, 'setScreenBrightness', o, () => void record('setScreenBrightness', o)),
    setKeepScreenOn: (o: any) => answer(host, 'setKeepScreenOn', o, () => void record('setKeepScreenOn', o)),
    previewImage: (o: any) => answer(host, 'previewImage', o, () => void record('previewImage', o)),
    vibrateShort: (o: any) => answer(host, 'vibrateShort', o, () => undefined),
    login: (o: any) => answer(host, 'login', o, () => ({ code: `harness-login-code-${Date.now()}` })),
    checkSession: (o: any) => answer(host, 'checkSession', o, () => undefined),

    // ---- the page's chrome
    setNavigationBarTitle: (o: any) => answer(host, 'setNavigationBarTitle', o, () => void record('setNavigationBarTitle', o)),
    setNavigationBarColor: (o: any) => answer(host, 'setNavigationBarColor', o, () => undefined),
    showNavigationBarLoading: (o: any) => answer(host, 'showNavigationBarLoading', o, () => undefined),
    hideNavigationBarLoading: (o: any) => answer(host, 'hideNavigationBarLoading', o, () => undefined),
    hideHomeButton: (o: any) => answer(host, 'hideHomeButton', o, () => undefined),
    setBackgroundColor: (o: any) => answer(host, 'setBackgroundColor', o, () => undefined),
    setBackgroundTextStyle: (o: any) => answer(host, 'setBackgroundTextStyle', o, () => undefined),
    pageScrollTo: (o: any) => answer(host, 'pageScrollTo', o, () => undefined),
    startPullDownRefresh: (o: any) => answer(host, 'startPullDownRefresh', o, () => undefined),
    stopPullDownRefresh: (o: any) => answer(host, 'stopPullDownRefresh', o, () => undefined),
    nextTick: (fn: () => void) => host.later(fn),

    // ---- the phone
    getSystemInfoSync: () => phone.systemInfo(host.device),
    getSystemInfo: (o: any) => answer(host, 'getSystemInfo', o, () => phone.systemInfo(host.device)),
    getSystemInfoAsync: (o: any) => answer(host, 'getSystemInfoAsync', o, () => phone.systemInfo(host.device)),
    getWindowInfo: () => phone.windowInfo(),
    getDeviceInfo: () => phone.deviceInfo(),
    getAppBaseInfo: () => phone.appBaseInfo(host.device),
    getSystemSetting: () => phone.systemSetting(),
    getAppAuthorizeSetting: () => phone.appAuthorizeSetting(),
    getMenuButtonBoundingClientRect: () => phone.menuButtonRect(),
    getAccountInfoSync: () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' }, plugin: {} }),
    getLaunchOptionsSync: () => host.launchOptions(),
    getEnterOptionsSync: () => host.launchOptions(),
    getNetworkType: (o: any) => answer(host, 'getNetworkType', o, () => ({ networkType: 'wifi', signalStrength: 4, hasSystemProxy: false })),
    canIUse: () => true,
    getUpdateManager: () => ({
      onCheckForUpdate: () => undefined,
      onUpdateReady: () => undefined,
      onUpdateFailed: () => undefined,
      applyUpdate: () => undefined,
    }),
    reportAnalytics: () => undefined,
    reportEvent: () => undefined,
    reportMonitor: () => undefined,
    createSelectorQuery: () => selectorQuery(host),
    createIntersectionObserver: () => ({
      relativeTo: function () {
        return this
      },
      relativeToViewport: function () {
        return this
      },
      observe: () => undefined,
      disconnect: () => undefined,
    }),
    env: { USER_DATA_PATH: 'wxfile://usr' },
  }

  // app-level listeners: accepted and ignored (the harness never backgrounds the app)
  for (const name of wxApiNames()) {
    if (/^(on|off)[A-Z]/.test(name) && !(name in impl)) impl[name] = () => undefined
  }

  const wx: Record<string, any> = {}
  for (const name of wxApiNames()) {
    if (name in impl) wx[name] = impl[name]
    else if (name === 'cloud') continue
    else {
      wx[name] = (...args: any[]) => {
        host.problem('unsimulated', `wx.${name} was called, which the harness does not simulate: add it to e2e-weapp/harness/wx.ts`)
        const o = args[0]
        if (o && typeof o === 'object' && (o.success || o.fail || o.complete)) {
          return answer(host, name, o, () => {
            throw new Error('not simulated by the test harness')
          })
        }
        return undefined
      }
    }
  }
  return wx
}

/** a selector query that finds nothing: layout does not exist without the render engine */
function selectorQuery(host: WxHost): any {
  const results: Array<null> = []
  const q: any = {
    in: () => q,
    select: () => nodesRef,
    selectAll: () => nodesRef,
    selectViewport: () => nodesRef,
    exec: (cb?: (r: unknown[]) => void) => host.later(() => cb?.(results.slice())),
  }
  const push = (cb?: (r: null) => void) => {
    results.push(null)
    if (cb) host.later(() => cb(null))
    return q
  }
  const nodesRef = { boundingClientRect: push, scrollOffset: push, fields: (_f: unknown, cb?: (r: null) => void) => push(cb), node: push, context: push }
  return q
}
