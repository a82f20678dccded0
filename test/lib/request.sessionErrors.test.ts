/**
 * The request client against spec §8, with a fake Taro: the railway login timeout (ETRAIN1002),
 * an expired session (EAUT0003-5, alone, on a page with parameters, several at once) and any other
 * msgId. Helpers: ./requestSupport.
 */
import { getUser, guestLogin } from '@contracts/calls/auth'
import { getEvent } from '@contracts/calls/event'
import { RequestError, request } from '@/lib/request'
import { STORE_KEY, appState } from '@/store'
import { storage, taro } from '../support/taroMock'
import { ZH, deferred, envelope, flush, respond, setUpFreshRequestClient } from './requestSupport'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

setUpFreshRequestClient()

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
