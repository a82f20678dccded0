/* eslint-disable @typescript-eslint/no-explicit-any -- options and results are WeChat's loosely typed objects, passed to and from compiled code */
/**
 * The `wx` object the compiled mini-program sees. Its behaviour follows WeChat's documentation
 * where the app depends on it:
 *  - async APIs call success/fail/complete later (never synchronously), or return a promise when
 *    given none of them;
 *  - request goes to the test server, only for the registered request origin, any HTTP status is a
 *    success (only the transport fails), the body is parsed as JSON when dataType is json;
 *  - storage is kept in memory as WeChat keeps it: values are copied, a missing key reads as '';
 *  - navigation is delegated to the harness's page stack;
 *  - toast, modal, loading, scanCode, requestPayment, share and friends are recorded; modal,
 *    scanCode and payment answer what the test queued (confirm, cancel, a code …);
 *  - chooseImage / chooseMessageFile give the file the test queued as a temp file (wxfile://tmp/…),
 *    which uploadFile sends to the test server as WeChat does (multipart, the file under `name`,
 *    the answer's body as text), reporting progress in steps on the task's onProgressUpdate.
 * Any other real wx API is present (Taro copies the keys it finds on wx) but reports that the
 * harness does not simulate it, so a new weapp-only path shows up here instead of passing unseen.
 */
import { HARNESS_API_ORIGIN } from './paths'
import { wxApiNames } from './wxApiNames'
import * as phone from './device'

export type NavKind = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'navigateBack' | 'switchTab'

export interface WxCall {
  api: string
  args: any
  page: string
}

/** answers the test queues for the next call of an interactive API */
export interface Answers {
  /** showModal: true = confirm (default), false = cancel */
  modal: boolean[]
  /** scanCode: the scanned text; null = the user cancelled (default when empty) */
  scanCode: Array<string | null>
  /** requestPayment: true = paid (default), false = the user cancelled */
  payment: boolean[]
  /** showActionSheet: the tapped index; -1 = cancelled (default 0) */
  actionSheet: number[]
  /** chooseImage / chooseMessageFile: the file the user picks (a temp file of the phone); null or none = cancelled */
  files: Array<{ name: string; bytes: Buffer } | null>
}

export interface WxHost {
  device: phone.Device
  /** where requests for HARNESS_API_ORIGIN really go: the test server */
  apiOrigin: string
  /** runs app code later, as WeChat runs callbacks: on the timer queue, errors reported */
  later(fn: () => void, ms?: number): void
  record(call: Omit<WxCall, 'page'>): void
  problem(kind: 'request' | 'unsimulated' | 'storage', message: string): void
  navigate(kind: NavKind, opts: any): Promise<void>
  requestStarted(): void
  requestEnded(): void
  answers: Answers
  launchOptions(): any
  /** the toast and loading on screen and the last modal shown, for tests */
  ui: { toast: string | null; loading: string | null; modal: { title: string; content: string } | null }
  /** clipboard, scanned codes and the like that a later call reads back */
  clipboard: string
}

type Callbacks = { success?: (r: any) => void; fail?: (e: any) => void; complete?: (r: any) => void }

/** WeChat's two ways to answer an async API: callbacks, or a promise when none is given */
function answer(host: WxHost, api: string, opts: Callbacks | undefined, run: () => any | Promise<any>): Promise<any> | undefined {
  const o = opts ?? {}
  const wantsPromise = !o.success && !o.fail && !o.complete
  const settle = (ok: boolean, value: any) => {
    host.later(() => {
      if (ok) o.success?.(value)
      else o.fail?.(value)
      o.complete?.(value)
    })
  }
  const p = (async () => run())().then(
    (value) => {
      const res = { errMsg: `${api}:ok`, ...(value ?? {}) }
      settle(true, res)
      return res
    },
    (err) => {
      const res = { errMsg: `${api}:fail ${err instanceof Error ? err.message : String(err)}` }
      settle(false, res)
      throw res
    },
  )
  if (wantsPromise) return p
  p.catch(() => undefined)
  return undefined
}

function copy<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v))
}

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

  const record = (api: string, args: any) => host.record({ api, args: copy(stripCallbacks(args)) })

  const request = (opts: any) => {
    record('request', { url: opts?.url, method: opts?.method, data: opts?.data })
    const controller = new AbortController()
    const task = {
      abort: () => controller.abort(),
      onHeadersReceived: () => undefined,
      offHeadersReceived: () => undefined,
      onChunkReceived: () => undefined,
      offChunkReceived: () => undefined,
    }
    host.requestStarted()
    answer(host, 'request', opts, async () => {
      try {
        return await doRequest(host, opts ?? {}, controller.signal)
      } finally {
        host.requestEnded()
      }
    })
    return task
  }

  // ---- temp files (what chooseImage gives) and uploadFile
  const tempFiles = new Map<string, { name: string; bytes: Buffer }>()
  const pickFile = (api: string, o: any, withName: boolean) =>
    answer(host, api, o, () => {
      record(api, o)
      const f = host.answers.files.length ? host.answers.files.shift()! : null
      if (!f) throw new Error('cancel')
      const path = `wxfile://tmp_${tempFiles.size + 1}_${f.name.replace(/[^\w.]/g, '_')}`
      tempFiles.set(path, f)
      const file = { path, size: f.bytes.length, ...(withName ? { name: f.name, type: 'file', time: Math.floor(Date.now() / 1000) } : {}) }
      return withName ? { tempFiles: [file] } : { tempFilePaths: [path], tempFiles: [file] }
    })
  const uploadFile = (opts: any) => {
    record('uploadFile', { url: opts?.url, filePath: opts?.filePath, name: opts?.name, header: opts?.header, formData: opts?.formData })
    const progress = new Set<(r: any) => void>()
    const task = {
      abort: () => undefined,
      onProgressUpdate: (cb: (r: any) => void) => void progress.add(cb),
      offProgressUpdate: (cb: (r: any) => void) => void progress.delete(cb),
      onHeadersReceived: () => undefined,
      offHeadersReceived: () => undefined,
    }
    host.requestStarted()
    answer(host, 'uploadFile', opts, async () => {
      try {
        const file = tempFiles.get(String(opts?.filePath ?? ''))
        if (!file) throw new Error(`file not found: ${String(opts?.filePath)}`)
        // WeChat reports the bytes as they go: here in four steps, each on a later tick so the page draws them
        const total = file.bytes.length
        for (const part of [1, 2, 3, 4]) {
          await new Promise<void>((resolve) =>
            host.later(() => {
              for (const cb of progress) cb({ progress: part * 25, totalBytesSent: Math.round((total * part) / 4), totalBytesExpectedToSend: total })
              resolve()
            }, 30),
          )
        }
        return await doUpload(host, opts ?? {}, file)
      } finally {
        host.requestEnded()
      }
    })
    return task
  }

  const ui = host.ui
  const impl: Record<string, any> = {
    // ---- network
    request,
    uploadFile,
    chooseImage: (o: any) => pickFile('chooseImage', o, false),
    chooseMedia: (o: any) => pickFile('chooseMedia', o, false),
    chooseMessageFile: (o: any) => pickFile('chooseMessageFile', o, true),

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
      relativeTo: function () { return this },
      relativeToViewport: function () { return this },
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

function stripCallbacks(o: any): any {
  if (!o || typeof o !== 'object') return o
  const { success: _s, fail: _f, complete: _c, ...rest } = o
  return rest
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

async function doRequest(host: WxHost, opts: any, signal: AbortSignal): Promise<any> {
  const url = String(opts.url ?? '')
  if (!url.startsWith(HARNESS_API_ORIGIN + '/')) {
    // WeChat: only https addresses of the registered request domains are allowed
    const why = url.startsWith('/') || !/^[a-z]+:\/\//i.test(url) ? 'invalid url (not absolute: is TARO_APP_API_BASE_URL empty?)' : `url not in domain list (only ${HARNESS_API_ORIGIN})`
    host.problem('request', `wx.request to "${url}": ${why}`)
    throw new Error(why)
  }
  const method = String(opts.method ?? 'GET').toUpperCase()
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(opts.header ?? {})) {
    // WeChat drops a Referer the page sets (it sends its own)
    if (k.toLowerCase() !== 'referer') headers[k] = String(v)
  }
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json'
  if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = contentType
  let target = host.apiOrigin + url.slice(HARNESS_API_ORIGIN.length)
  let body: string | undefined
  const data = opts.data
  if (method === 'GET') {
    if (data && typeof data === 'object') {
      const qs = Object.entries(data)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
        .join('&')
      if (qs) target += (target.includes('?') ? '&' : '?') + qs
    }
  } else if (data !== undefined) {
    if (typeof data === 'string') body = data
    else if (/x-www-form-urlencoded/i.test(contentType)) body = new URLSearchParams(Object.entries(data).map(([k, v]): [string, string] => [k, String(v)])).toString()
    else body = JSON.stringify(data)
  }
  const timeout = Number(opts.timeout ?? 60000)
  const ctrl = new AbortController()
  const timer = setTimeout(() => ctrl.abort(), timeout)
  signal.addEventListener('abort', () => ctrl.abort())
  let res: Response
  try {
    res = await fetch(target, { method, headers, body, signal: ctrl.signal })
  } catch (e) {
    host.problem('request', `wx.request ${method} ${url}: ${(e as Error).message}`)
    throw new Error(ctrl.signal.aborted ? 'timeout' : (e as Error).message)
  } finally {
    clearTimeout(timer)
  }
  const text = await res.text()
  let parsed: unknown = text
  if ((opts.dataType ?? 'json') === 'json') {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  const header: Record<string, string> = {}
  res.headers.forEach((v, k) => (header[k] = v))
  if (res.status >= 400) host.problem('request', `wx.request ${method} ${url}: HTTP ${res.status}`)
  return { data: parsed, statusCode: res.status, header, cookies: [] }
}

/** wx.uploadFile as WeChat sends it: multipart/form-data, the file under `name`, formData beside it; the answer's body as text */
async function doUpload(host: WxHost, opts: any, file: { name: string; bytes: Buffer }): Promise<any> {
  const url = String(opts.url ?? '')
  if (!url.startsWith(HARNESS_API_ORIGIN + '/')) {
    host.problem('request', `wx.uploadFile to "${url}": url not in the uploadFile domain list (only ${HARNESS_API_ORIGIN})`)
    throw new Error('url not in domain list')
  }
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(opts.header ?? {})) {
    // WeChat makes the multipart content type (with its boundary) itself
    if (k.toLowerCase() === 'content-type') host.problem('request', `wx.uploadFile ${url}: a content-type header (${String(v)}) would break the multipart body`)
    else if (k.toLowerCase() !== 'referer') headers[k] = String(v)
  }
  const form = new FormData()
  for (const [k, v] of Object.entries(opts.formData ?? {})) form.append(k, String(v))
  form.append(String(opts.name ?? 'file'), new Blob([new Uint8Array(file.bytes)]), String(opts.filePath).split('/').pop())
  const target = host.apiOrigin + url.slice(HARNESS_API_ORIGIN.length)
  let res: Response
  try {
    res = await fetch(target, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(Number(opts.timeout ?? 60000)) })
  } catch (e) {
    host.problem('request', `wx.uploadFile ${url}: ${(e as Error).message}`)
    throw e
  }
  const data = await res.text()
  if (res.status >= 400) host.problem('request', `wx.uploadFile ${url}: HTTP ${res.status}`)
  return { data, statusCode: res.status }
}
