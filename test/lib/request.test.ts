/**
 * The request client against spec §7 (call shape) and §8 (error catalogue), with a fake Taro: the
 * call shape, the loading indicator, success and the notices returned to the caller. Session and
 * railway-login expiry, other msgIds: request.sessionErrors.test.ts; HTTP and network failures,
 * background and call: request.failures.test.ts.
 */
import { defineCall } from '@contracts/call'
import { guestLogin } from '@contracts/calls/auth'
import { addPageView, getAppearance, getEvent } from '@contracts/calls/event'
import { RequestError, call, request } from '@/lib/request'
import { appState, useAppStore } from '@/store'
import { taro } from '../support/taroMock'
import { ZH, answer, deferred, envelope, respond, setDeviceLocale, setUpFreshRequestClient } from './requestSupport'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

setUpFreshRequestClient()

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
