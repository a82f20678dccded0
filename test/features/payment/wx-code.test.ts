/**
 * The payer's code for a JSAPI payment says where it came from (contracts/wx-code.ts): the server
 * exchanges a wx.login code and an official-account OAuth code at different WeChat endpoints.
 */
const mockLogin = jest.fn(async () => ({ code: 'mp-code-1', errMsg: 'login:ok' }))
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { login: (...a: unknown[]) => mockLogin(...(a as [])) } }))
const mockCallResult = jest.fn()
jest.mock('@/lib/request', () => ({ callResult: (...a: unknown[]) => mockCallResult(...a) }))

import { OAUTH_STATE, wxCodeFor } from '@/features/payment/api/wx-code'

describe('wxCodeFor', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('a QR-code payment needs no code', async () => {
    expect(await wxCodeFor('qrCode')).toEqual({ wxCode: '' })
    expect(mockLogin).not.toHaveBeenCalled()
  })

  it('the mini-program: a wx.login code, said to be one', async () => {
    expect(await wxCodeFor('miniProgram')).toEqual({ wxCode: 'mp-code-1', wxCodeSource: 'miniProgram' })
  })

  it('H5 inside WeChat, back from the OAuth redirect: the official-account code, once (dropped from the address)', async () => {
    window.history.replaceState(null, '', `/pages/airTicket/airPayPage/airPayPage?orderId=7&code=oa-code-9&state=${OAUTH_STATE}`)
    expect(await wxCodeFor('wechatBrowser')).toEqual({ wxCode: 'oa-code-9', wxCodeSource: 'officialAccount' })
    expect(window.location.search).toBe('?orderId=7')
    expect(mockCallResult).not.toHaveBeenCalled()
  })

  it('a code of another state is not ours: no code taken from the address', async () => {
    window.history.replaceState(null, '', '/x?code=abc&state=other')
    mockCallResult.mockResolvedValueOnce({ kind: 'notice', msgId: 'EVAL0001' })
    expect(await wxCodeFor('wechatBrowser')).toEqual({ wxCode: '' })
    expect(window.location.search).toBe('?code=abc&state=other')
  })
})
