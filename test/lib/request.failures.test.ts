/**
 * The request client against spec §8, with a fake Taro: HTTP failures (status outside 200-299),
 * network failures, a call nobody waits for (background) and call (data only). Helpers:
 * ./requestSupport.
 */
import { getUser, guestLogin } from '@contracts/calls/auth'
import { getAppearance, getEvent } from '@contracts/calls/event'
import { RequestError, background, call, request } from '@/lib/request'
import { appState, useAppStore } from '@/store'
import { taro } from '../support/taroMock'
import { EN, ZH, envelope, flush, order, respond, setUpFreshRequestClient } from './requestSupport'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

setUpFreshRequestClient()

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
