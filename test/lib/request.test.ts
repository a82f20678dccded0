/**
 * The request client against spec §7 (call shape) and §8 (error catalogue), with a fake Taro.
 */
import { defineCall } from '@contracts/call'
import { getUser, guestLogin } from '@contracts/calls/auth'
import { addPageView, getAppearance, getEvent } from '@contracts/calls/event'
import { RequestError, background, call, request } from '@/lib/request'
import { STORE_KEY, appState, useAppStore } from '@/store'
import { resetTaroMock, storage, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

// ---- helpers ----

interface Body {
  status: number
  msgText: string
  msgId: string
  data: unknown
}
const envelope = (b: Partial<Body>): Body => ({ status: 200, msgText: '', msgId: '', data: null, ...b })
/** one HTTP answer of Taro.request */
const answer = (body: unknown, statusCode = 200) => ({ statusCode, data: body, header: {}, cookies: [], errMsg: 'request:ok' })
const respond = (body: unknown, statusCode = 200) => taro.request.mockResolvedValueOnce(answer(body, statusCode))

/** lets the `modal → confirm → navigate` chain (fire-and-forget in request.ts) run to its end */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** calls of the fake, in the order they happened across fakes */
const order = (fn: jest.Mock) => fn.mock.invocationCallOrder[0] ?? Infinity

const ZH = {
  loading: '加载中…',
  requestFailed: '请求失败',
  serverError: '服务器访问出错',
  sessionTitle: '登录超时',
  railwayTitle: '12306登录超时',
}
const EN = { requestFailed: 'Request failed', serverError: 'Server access error' }

let navigatorLanguage: jest.SpyInstance | undefined
function setDeviceLocale(locale: string): void {
  navigatorLanguage?.mockRestore()
  navigatorLanguage = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(locale)
}

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

// ---- §7 call shape ----

describe('call shape (spec §7)', () => {
  it('POSTs {...data, funcModule, funcOperation} with json, authorization and lang headers and a 60 s timeout', async () => {
    appState().setSession({ token: 'tok-123', tokenMd5: 'md5-123', user: null as never })
    respond(envelope({ data: { ok: 1 } }))

    await request(getEvent.path, { eventCode: 'E1' })

    expect(taro.request).toHaveBeenCalledTimes(1)
    const opts = taro.request.mock.calls[0][0]
    expect(opts).toMatchObject({
      url: '/api/biz/cmsEventInfo/get',
      method: 'POST',
      data: { eventCode: 'E1', funcModule: 'cmsEventInfo', funcOperation: 'get' },
      timeout: 60000,
    })
    expect(opts.header).toEqual({ 'content-type': 'application/json', authorization: 'tok-123', lang: 'zh' })
  })

  it('does not let the caller data drop the labels, and keeps every data field', async () => {
    respond(envelope({}))
    await request(addPageView.path, { eventHashCode: 'H1', type: 'home', viewWay: 'H5' })
    expect(taro.request.mock.calls[0][0].data).toEqual({
      eventHashCode: 'H1',
      type: 'home',
      viewWay: 'H5',
      funcModule: 'meetingPageView',
      funcOperation: 'addPageView',
    })
  })

  it('sends an empty authorization header when no token is stored', async () => {
    respond(envelope({}))
    await request(getEvent.path, { eventCode: 'E1' })
    expect(taro.request.mock.calls[0][0].header.authorization).toBe('')
  })

  it.each([
    // [user choice, device locale, expected lang header]
    ['zh', 'en-US', 'zh'],
    ['en', 'zh-CN', 'en'],
    [null, 'zh-CN', 'zh'],
    [null, 'en-US', 'en'],
    [null, 'en', 'en'],
    [null, 'fr-FR', 'zh'],
    [null, '', 'zh'],
  ] as const)('language %s on a %s device sends lang: %s', async (choice, locale, expected) => {
    useAppStore.setState({ language: choice })
    setDeviceLocale(locale)
    respond(envelope({}))
    await request(getEvent.path, { eventCode: 'E1' })
    expect(taro.request.mock.calls[0][0].header.lang).toBe(expected)
  })
})

// ---- loading indicator ----

describe('loading indicator', () => {
  it('is shown (masked) while the call runs and hidden when it ends', async () => {
    const http = deferred<ReturnType<typeof answer>>()
    taro.request.mockReturnValueOnce(http.promise)

    const p = request(getEvent.path, { eventCode: 'E1' })
    expect(taro.showLoading).toHaveBeenCalledTimes(1)
    expect(taro.showLoading).toHaveBeenCalledWith(expect.objectContaining({ title: ZH.loading, mask: true }))
    expect(taro.hideLoading).not.toHaveBeenCalled()

    http.resolve(answer(envelope({ data: 1 })))
    await p
    expect(taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('is not shown at all with { loading: false } (the five calls marked * in §7)', async () => {
    respond(envelope({ data: 1 }))
    await request(getEvent.path, { eventCode: 'E1' }, { loading: false })
    expect(taro.showLoading).not.toHaveBeenCalled()
    expect(taro.hideLoading).not.toHaveBeenCalled()
  })

  it('follows the declaration: a call declared without loading shows none, one declared with it does', async () => {
    const quiet = defineCall<{ orderNo: string }, number>({ path: '/api/train/orderInfo/save', auth: 'required', loading: false })
    respond(envelope({ data: 1 }))
    await call(quiet, { orderNo: 'T1' })
    expect(taro.showLoading).not.toHaveBeenCalled()
    respond(envelope({ data: 1 }))
    await call(getEvent, { eventCode: 'E1' })
    expect(taro.showLoading).toHaveBeenCalledTimes(1)
  })

  it('is shown once for parallel calls and hidden once, after the last one ends', async () => {
    const a = deferred<ReturnType<typeof answer>>()
    const b = deferred<ReturnType<typeof answer>>()
    taro.request.mockReturnValueOnce(a.promise).mockReturnValueOnce(b.promise)

    const pa = request(getEvent.path, { eventCode: 'E1' })
    const pb = request(getAppearance.path, { eventCode: 'E1' })
    expect(taro.showLoading).toHaveBeenCalledTimes(1)

    a.resolve(answer(envelope({})))
    await pa
    expect(taro.hideLoading).not.toHaveBeenCalled()

    b.resolve(answer(envelope({})))
    await pb
    expect(taro.hideLoading).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['an HTTP error', () => respond('Not Found', 404)],
    ['a network failure', () => taro.request.mockRejectedValueOnce({ errMsg: 'request:fail' })],
    ['a business error', () => respond(envelope({ status: 0, msgId: 'ELOG1001', msgText: '验证码错误' }))],
  ])('is hidden after %s', async (_name, arrange) => {
    arrange()
    await expect(request(getEvent.path, { eventCode: 'E1' })).rejects.toBeInstanceOf(RequestError)
    expect(taro.showLoading).toHaveBeenCalledTimes(1)
    expect(taro.hideLoading).toHaveBeenCalledTimes(1)
  })
})

// ---- §8 success ----

describe('success (spec §8)', () => {
  it.each([
    ['status 200', envelope({ status: 200, data: { id: 7 } })],
    ['status 0 without msgId', envelope({ status: 0, msgId: '', msgText: '', data: { id: 7 } })],
  ])('%s returns the data, no toast or modal', async (_name, body) => {
    respond(body)
    await expect(request(getEvent.path, { eventCode: 'E1' })).resolves.toEqual({ kind: 'data', data: { id: 7 } })
    await expect((respond(body), call(getEvent, { eventCode: 'E1' }))).resolves.toEqual({ id: 7 })
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
  })

  it('an envelope status other than 200 or 0 without msgId is a business failure with its msgText toasted', async () => {
    respond(envelope({ status: 500, msgText: '服务器繁忙', data: null }))
    await expect(request(getEvent.path, { eventCode: 'E1' })).rejects.toMatchObject({ kind: 'business' })
    expect(taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '服务器繁忙' }))
  })
})

// ---- §8 notices returned to the caller ----

describe('returned notices (spec §8)', () => {
  it('EREG1036 is returned silently: no toast, no modal, no rejection', async () => {
    const body = envelope({ status: 0, msgId: 'EREG1036', msgText: '您尚未报名本次活动' })
    respond(body)
    await expect(request(guestLogin.path, { eventCode: 'E1' })).resolves.toEqual({
      kind: 'notice',
      msgId: 'EREG1036',
      msgText: '您尚未报名本次活动',
      envelope: body,
    })
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
  })

  it.each([
    ['EREG1040', '您的报名正在审核中'],
    ['EREG1030', '您的报名未通过审核'],
    ['EREG1042', '本次活动报名已关闭'],
  ])('%s toasts its msgText and returns the notice', async (msgId, msgText) => {
    const body = envelope({ status: 0, msgId, msgText })
    respond(body)
    await expect(request(guestLogin.path, { eventCode: 'E1' })).resolves.toEqual({ kind: 'notice', msgId, msgText, envelope: body })
    expect(taro.showToast).toHaveBeenCalledTimes(1)
    expect(taro.showToast).toHaveBeenCalledWith({ title: msgText, icon: 'none', duration: 2000 })
    expect(taro.showModal).not.toHaveBeenCalled()
  })
})

// ---- §8 railway login timeout ----

describe('ETRAIN1002 railway login timeout (spec §8)', () => {
  it('shows a modal without cancel, rejects, and on confirm redirects to the train login page', async () => {
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: null as never })
    const modal = deferred<{ confirm: boolean; cancel: boolean }>()
    taro.showModal.mockReturnValueOnce(modal.promise)
    respond(envelope({ status: 0, msgId: 'ETRAIN1002', msgText: '12306登录已超时，请重新登录' }))

    const err = await request(getEvent.path, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ kind: 'railway', msgId: 'ETRAIN1002' })

    expect(taro.showModal).toHaveBeenCalledTimes(1)
    expect(taro.showModal.mock.calls[0][0]).toMatchObject({ title: ZH.railwayTitle, showCancel: false })
    expect(taro.showToast).not.toHaveBeenCalled()
    // nothing moves before the user confirms
    await flush()
    expect(taro.redirectTo).not.toHaveBeenCalled()

    modal.resolve({ confirm: true, cancel: false })
    await flush()
    expect(taro.redirectTo).toHaveBeenCalledTimes(1)
    expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/trainTicketLogin/index' })
    expect(taro.reLaunch).not.toHaveBeenCalled()
    // the app session is untouched: only the railway login expired
    expect(appState().token).toBe('tok')
  })
})

// ---- §8 session expired ----

describe.each(['EAUT0003', 'EAUT0004', 'EAUT0005'])('%s session expired (spec §8)', (msgId) => {
  beforeEach(() => {
    appState().setEventParams({ eventCode: 'E-01', eventHashCode: 'h a/sh' })
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: null as never })
  })

  it('clears token and md5 (stored too), shows a modal without cancel, and on confirm reLaunches /login with ehc and ec', async () => {
    const modal = deferred<{ confirm: boolean; cancel: boolean }>()
    taro.showModal.mockReturnValueOnce(modal.promise)
    respond(envelope({ status: 0, msgId, msgText: 'login expired' }))

    const err = await request(getUser.path, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ kind: 'session', msgId })

    expect(appState().token).toBeNull()
    expect(appState().tokenMd5).toBeNull()
    const persisted = JSON.parse(String(storage.get(STORE_KEY))).state
    expect(persisted.token).toBeNull()
    expect(persisted.tokenMd5).toBeNull()

    expect(taro.showModal).toHaveBeenCalledTimes(1)
    expect(taro.showModal.mock.calls[0][0]).toMatchObject({ title: ZH.sessionTitle, showCancel: false })
    expect(taro.showToast).not.toHaveBeenCalled()
    await flush()
    expect(taro.reLaunch).not.toHaveBeenCalled()

    modal.resolve({ confirm: true, cancel: false })
    await flush()
    expect(taro.reLaunch).toHaveBeenCalledTimes(1)
    expect(taro.reLaunch).toHaveBeenCalledWith({
      url: `/pages/pagesUser/login/login?ehc=${encodeURIComponent('h a/sh')}&ec=E-01`,
    })
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })
})

describe('session expired on a page with parameters', () => {
  afterEach(() => {
    delete (taro as unknown as Record<string, unknown>).getCurrentInstance
  })
  it('the login it sends to comes back to that page with its parameters, read when the session ended', async () => {
    appState().setEventParams({ eventCode: 'E1', eventHashCode: 'H1' })
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: null as never })
    const router = { path: '/pages/trainTicket/orderDetailsPage/index', params: { ehc: 'H1', ec: 'E1', orderNo: 'T 1' } as Record<string, string> }
    ;(taro as unknown as Record<string, unknown>).getCurrentInstance = () => ({ router })
    const modal = deferred<{ confirm: boolean; cancel: boolean }>()
    taro.showModal.mockReturnValueOnce(modal.promise)
    respond(envelope({ status: 0, msgId: 'EAUT0004', msgText: 'expired' }))
    await request(getUser.path, {}).catch(() => undefined)
    // the page on screen changes while the modal is up: the return is the page the session ended on
    router.path = '/pages/index/index'
    router.params = {}
    modal.resolve({ confirm: true, cancel: false })
    await flush()
    expect(taro.reLaunch).toHaveBeenCalledWith({
      url: `/pages/pagesUser/login/login?ehc=H1&ec=E1&back=trainOrderDetails&backQuery=${encodeURIComponent('orderNo=T%201')}`,
    })
  })
})

describe('parallel session-expired answers', () => {
  it('show one modal and reLaunch once', async () => {
    appState().setEventParams({ eventCode: 'E1', eventHashCode: 'H1' })
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: null as never })
    const modal = deferred<{ confirm: boolean; cancel: boolean }>()
    taro.showModal.mockReturnValueOnce(modal.promise)
    respond(envelope({ status: 0, msgId: 'EAUT0004', msgText: 'expired' }))
    respond(envelope({ status: 0, msgId: 'EAUT0005', msgText: 'invalid' }))

    const results = await Promise.allSettled([request(getUser.path, {}), request(getEvent.path, { eventCode: 'E1' })])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(results.map((r) => (r as PromiseRejectedResult).reason.kind)).toEqual(['session', 'session'])
    expect(taro.showModal).toHaveBeenCalledTimes(1)

    modal.resolve({ confirm: true, cancel: false })
    await flush()
    expect(taro.reLaunch).toHaveBeenCalledTimes(1)
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/pagesUser/login/login?ehc=H1&ec=E1' })
  })

  it('a later expiry, after the first modal was confirmed, shows a modal again', async () => {
    respond(envelope({ status: 0, msgId: 'EAUT0004', msgText: 'expired' }))
    await expect(request(getUser.path, {})).rejects.toMatchObject({ kind: 'session' })
    await flush()
    respond(envelope({ status: 0, msgId: 'EAUT0004', msgText: 'expired' }))
    await expect(request(getUser.path, {})).rejects.toMatchObject({ kind: 'session' })
    await flush()
    expect(taro.showModal).toHaveBeenCalledTimes(2)
    expect(taro.reLaunch).toHaveBeenCalledTimes(2)
  })
})

// ---- §8 any other msgId ----

describe('any other msgId (spec §8)', () => {
  it.each([
    ['ELOG1001', '验证码错误'],
    ['ESYS0001', '服务器繁忙，请稍后重试'],
    ['EXYZ9999', 'something the client has never heard of'],
  ])('%s toasts msgText and rejects with a business RequestError', async (msgId, msgText) => {
    respond(envelope({ status: 0, msgId, msgText }))
    const err = await request(guestLogin.path, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ name: 'RequestError', kind: 'business', msgId, message: msgText })
    expect(taro.showToast).toHaveBeenCalledTimes(1)
    expect(taro.showToast).toHaveBeenCalledWith({ title: msgText, icon: 'none', duration: 2000 })
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })

  it('an unknown msgId without msgText still tells the user something', async () => {
    respond(envelope({ status: 0, msgId: 'EXYZ9999', msgText: '' }))
    await expect(request(guestLogin.path, {})).rejects.toMatchObject({ kind: 'business', msgId: 'EXYZ9999' })
    expect(taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: ZH.requestFailed }))
  })
})

// ---- §8 HTTP and network failures ----

describe('HTTP failure (spec §8: status outside 200-299)', () => {
  it.each([
    [404, 'zh', ZH.requestFailed],
    [500, 'zh', ZH.requestFailed],
    [502, 'en', EN.requestFailed],
    [302, 'zh', ZH.requestFailed],
    [199, 'zh', ZH.requestFailed],
  ] as const)('HTTP %i (%s) toasts "%s" and rejects with kind http', async (status, lang, text) => {
    useAppStore.setState({ language: lang })
    respond(envelope({ status: 0, msgId: 'ESYS0002', msgText: 'should not be shown' }), status)
    const err = await request(getEvent.path, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ kind: 'http', httpStatus: status })
    expect(taro.showToast).toHaveBeenCalledTimes(1)
    expect(taro.showToast).toHaveBeenCalledWith({ title: text, icon: 'none', duration: 2000 })
    expect(taro.showModal).not.toHaveBeenCalled()
  })

  it.each([200, 204, 299])('HTTP %i is a transport success', async (status) => {
    respond(envelope({ data: 'x' }), status)
    await expect(request(getEvent.path, {})).resolves.toEqual({ kind: 'data', data: 'x' })
  })

  it('a body that is not an envelope is a failed request', async () => {
    respond('<html>proxy error</html>', 200)
    await expect(request(getEvent.path, {})).rejects.toMatchObject({ kind: 'http' })
    expect(taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: ZH.requestFailed }))
  })
})

describe('network failure (spec §8: "server access error")', () => {
  it.each([
    ['zh', { errMsg: 'request:fail timeout' }, ZH.serverError],
    ['en', new Error('net::ERR_CONNECTION_REFUSED'), EN.serverError],
  ] as const)('(%s) toasts "%s" and rejects with kind network', async (lang, failure, text) => {
    useAppStore.setState({ language: lang })
    taro.request.mockRejectedValueOnce(failure)
    const err = await request(getEvent.path, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ kind: 'network' })
    expect(taro.showToast).toHaveBeenCalledTimes(1)
    expect(taro.showToast).toHaveBeenCalledWith({ title: text, icon: 'none', duration: 2000 })
  })

  it.each([
    ['network failure', () => taro.request.mockRejectedValueOnce({ errMsg: 'request:fail' })],
    ['HTTP 500', () => respond('', 500)],
    ['business error', () => respond(envelope({ status: 0, msgId: 'ELOG1001', msgText: '验证码错误' }))],
    ['EREG1040 notice', () => respond(envelope({ status: 0, msgId: 'EREG1040', msgText: '审核中' }))],
  ])('after a %s the loading indicator is hidden before the toast (hideLoading also closes a toast on weapp and H5)', async (_name, arrange) => {
    arrange()
    await request(getEvent.path, {}).catch(() => undefined)
    expect(taro.showToast).toHaveBeenCalledTimes(1)
    expect(taro.hideLoading).toHaveBeenCalledTimes(1)
    expect(order(taro.hideLoading)).toBeLessThan(order(taro.showToast))
  })
})

// ---- call ----

describe('background (a call nobody waits for)', () => {
  it('shows no loading, toast or modal and keeps the session, whatever the answer; resolves whether it worked', async () => {
    useAppStore.setState({ token: 'tok-1', tokenMd5: 'm' })
    respond(envelope({ status: 0, msgId: 'EAUT0004', msgText: 'expired' }))
    await expect(background(getUser, {})).resolves.toBe(false)
    respond(envelope({ status: 0, msgId: 'ETRAIN1002', msgText: 'railway' }))
    await expect(background(getUser, {})).resolves.toBe(false)
    taro.request.mockRejectedValueOnce({ errMsg: 'request:fail' })
    await expect(background(getUser, {})).resolves.toBe(false)
    respond(envelope({ data: null }))
    await expect(background(getUser, {})).resolves.toBe(true)
    await flush()
    expect(taro.showLoading).not.toHaveBeenCalled()
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(appState().token).toBe('tok-1')
  })
})

describe('call (data only)', () => {
  it('resolves the data', async () => {
    respond(envelope({ data: { shareTitle: 't' } }))
    await expect(call(getAppearance, { eventCode: 'E1' })).resolves.toEqual({ shareTitle: 't' })
  })

  it.each([
    ['EREG1036', false],
    ['EREG1040', true],
    ['EREG1030', true],
    ['EREG1042', true],
  ])('turns the %s notice into a rejection of kind notice (toast: %s)', async (msgId, toasted) => {
    respond(envelope({ status: 0, msgId, msgText: 'text of ' + msgId }))
    const err = await call(guestLogin, { loginType: 'account', eventCode: 'E1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ kind: 'notice', msgId, message: 'text of ' + msgId })
    expect(taro.showToast).toHaveBeenCalledTimes(toasted ? 1 : 0)
  })

  it('passes other rejections through unchanged', async () => {
    respond('', 500)
    await expect(call(getAppearance, { eventCode: 'E1' })).rejects.toMatchObject({ kind: 'http', httpStatus: 500 })
  })
})
