/**
 * quietCall (src/lib/request.ts): the background reads a page repeats while it says itself what it
 * waits for (a payment being confirmed, tickets being issued) show nothing, whatever happens.
 */
import { getUser } from '@contracts/calls/auth'
import { RequestError, quietCall } from '@/lib/request'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const answer = (data: unknown, statusCode = 200) => ({ statusCode, data, header: {}, cookies: [], errMsg: 'request:ok' })

beforeEach(() => {
  resetTaroMock()
  resetAppStore({ language: 'zh', token: 'tok-1' })
})

describe('quietCall', () => {
  it('gives the data, with no loading indicator', async () => {
    taro.request.mockResolvedValueOnce(answer({ status: 200, msgId: '', msgText: '', data: { name: 'x' } }))
    await expect(quietCall(getUser, {})).resolves.toEqual({ name: 'x' })
    expect(taro.showLoading).not.toHaveBeenCalled()
  })
  it('rejects a business error, an HTTP error and a network failure without a toast or a modal', async () => {
    taro.request.mockResolvedValueOnce(answer({ status: 0, msgId: 'ESYS0004', msgText: '记录不存在', data: null }))
    await expect(quietCall(getUser, {})).rejects.toBeInstanceOf(RequestError)
    taro.request.mockResolvedValueOnce(answer('bad gateway', 502))
    await expect(quietCall(getUser, {})).rejects.toMatchObject({ kind: 'http' })
    taro.request.mockRejectedValueOnce({ errMsg: 'request:fail timeout' })
    await expect(quietCall(getUser, {})).rejects.toMatchObject({ kind: 'network' })
    taro.request.mockResolvedValueOnce(answer({ status: 0, msgId: 'EAUT0003', msgText: '登录超时', data: null }))
    await expect(quietCall(getUser, {})).rejects.toMatchObject({ kind: 'session' })
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(taro.showLoading).not.toHaveBeenCalled()
  })
})
