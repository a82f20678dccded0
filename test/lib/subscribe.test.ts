/**
 * Asking for WeChat subscription messages (src/lib/subscribe.ts): on the mini-program the prompt
 * is asked at once (in the tap: no await before it) with the moment's templates, and only what
 * was accepted is kept; a reject, a ban, an error or a base library without the API is "nothing
 * accepted"; H5 asks nothing. What was accepted goes to the server with a wx.login code, in the
 * background.
 */
import { saveSubscriptions } from '@contracts/calls/notices'
import { DEMO_TEMPLATE_IDS as ids } from '@contracts/subscribe-notices'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import { resetTaroMock, taro } from '../support/taroMock'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const onWeapp = () => {
  process.env.TARO_ENV = 'weapp'
}
beforeEach(() => resetTaroMock())
afterEach(() => {
  process.env.TARO_ENV = 'h5'
})

describe('askSubscriptions', () => {
  it('H5: asks nothing, nothing accepted', async () => {
    await expect(askSubscriptions('booking')).resolves.toEqual([])
    expect(taro.requestSubscribeMessage).not.toHaveBeenCalled()
  })

  it("mini-program: asks at once, in the same tick, with the moment's templates; keeps only the accepted ones", async () => {
    onWeapp()
    taro.requestSubscribeMessage.mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', [ids.ticketIssued]: 'accept', [ids.ticketingFailed]: 'reject' })
    const asked = askSubscriptions('booking')
    // asked before anything was awaited: WeChat shows the prompt only from the tap
    expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: [ids.ticketIssued, ids.ticketingFailed] })
    await expect(asked).resolves.toEqual([ids.ticketIssued])
    askSubscriptions('refund')
    expect(taro.requestSubscribeMessage).toHaveBeenLastCalledWith({ tmplIds: [ids.refundResult] })
  })

  it('a ban, a filter, a failure or no API at all: nothing accepted, never a rejection', async () => {
    onWeapp()
    taro.requestSubscribeMessage.mockResolvedValueOnce({ errMsg: 'requestSubscribeMessage:ok', [ids.changeResult]: 'ban' })
    await expect(askSubscriptions('change')).resolves.toEqual([])
    taro.requestSubscribeMessage.mockResolvedValueOnce({ errMsg: 'requestSubscribeMessage:ok', [ids.changeResult]: 'filter' })
    await expect(askSubscriptions('change')).resolves.toEqual([])
    taro.requestSubscribeMessage.mockRejectedValueOnce({ errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.', errCode: 20004 })
    await expect(askSubscriptions('change')).resolves.toEqual([])
    taro.requestSubscribeMessage.mockImplementationOnce(() => {
      throw new TypeError('requestSubscribeMessage is not a function')
    })
    await expect(askSubscriptions('change')).resolves.toEqual([])
  })
})

describe('keepSubscriptions', () => {
  const sent = () => taro.request.mock.calls.map((c) => c[0]).filter((o: { url: string }) => o.url.endsWith(saveSubscriptions.path))

  it('sends the accepted templates for the order with a wx.login code, with no loading indicator', async () => {
    taro.request.mockResolvedValue({ statusCode: 200, data: { status: 200, msgId: '', msgText: '', data: { kinds: ['refundResult'] } } })
    await keepSubscriptions('train', 42, 'refund', [ids.refundResult])
    expect(sent()).toHaveLength(1)
    expect(sent()[0].data).toMatchObject({ orderKind: 'train', orderId: 42, moment: 'refund', templateIds: [ids.refundResult], wxCode: 'wx-login-code' })
    expect(taro.showLoading).not.toHaveBeenCalled()
  })

  it('nothing accepted: no login, no call; no code or a failing call: nothing shown, never a rejection', async () => {
    await keepSubscriptions('flight', 7, 'booking', [])
    expect(taro.login).not.toHaveBeenCalled()
    expect(sent()).toHaveLength(0)
    taro.login.mockRejectedValueOnce(new Error('login:fail'))
    await expect(keepSubscriptions('flight', 7, 'booking', [ids.ticketIssued])).resolves.toBeUndefined()
    taro.request.mockRejectedValue(new Error('request:fail'))
    await expect(keepSubscriptions('flight', 7, 'booking', [ids.ticketIssued])).resolves.toBeUndefined()
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
  })
})
