/**
 * The payment UI (src/features/payment): WeChat Pay in the mini-program and by QR code, waiting
 * for the server's word with backoff, cancel / fail / expiry, and "the company pays".
 */
import { TextEncoder } from 'util'
import { act, fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { WeChatPayPanel } from '@/features/payment/components/WeChatPayPanel'
import { CompanyPayButton } from '@/features/payment/components/CompanyPayButton'
import { useWeChatPay } from '@/features/payment/hooks/useWeChatPay'
import { payChannelOf, type PayChannel } from '@/features/payment/model/channel'
import { PAYMENT_POLL, pollDelay } from '@/features/payment/model/polling'
import type { PreparedPayment, ServerPayState } from '@/features/payment/model/types'
import type { PayerCode } from '@contracts/wx-code'
import { resetAppStore } from '../../support/appStore'
import { realDelay, useFakeClock } from '../../support/fakeServer'
import { resetTaroComponentMock, taro } from '../../support/taroComponentMock'

// the browsers the QR code is drawn in have TextEncoder; jsdom does not
;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder

jest.mock('@tarojs/taro', () => {
  const m = require('../../support/taroComponentMock').taroComponentMockModule()
  const requestPayment = jest.fn()
  const login = jest.fn(async () => ({ code: 'wx-login-code', errMsg: 'login:ok' }))
  return { ...m, requestPayment, login, default: { ...m.default, requestPayment, login } }
})
const requestPayment = (Taro as unknown as { requestPayment: jest.Mock }).requestPayment

const JSAPI: PreparedPayment = {
  kind: 'jsapi',
  params: { appId: 'wx123', timeStamp: '1790000000', nonceStr: 'n0nce', package: 'prepay_id=wx1', signType: 'RSA', paySign: 'c2lnbg==' },
}

interface Harness {
  prepare: jest.Mock<Promise<PreparedPayment>, [PayChannel, string, PayerCode]>
  readState: jest.Mock<Promise<ServerPayState>, []>
  onPaid: jest.Mock
}

function harness(prepared: PreparedPayment, states: ServerPayState[], last: ServerPayState = 'unpaid'): Harness {
  const queue = [...states]
  return {
    prepare: jest.fn(async (_channel: PayChannel, _key: string, _payer: PayerCode) => prepared),
    readState: jest.fn(async () => queue.shift() ?? last),
    onPaid: jest.fn(),
  }
}

function Pay({ h, channel, deadline }: { h: Harness; channel: PayChannel; deadline?: number }) {
  const pay = useWeChatPay({ prepare: h.prepare, readState: h.readState, onPaid: h.onPaid, channel, deadline })
  return (
    <View>
      <View className='phase'>{pay.phase}</View>
      <WeChatPayPanel pay={pay} amountText='¥1,280.00' />
    </View>
  )
}

const phase = () => document.body.querySelector('.phase')?.textContent
/** lets fake time pass, and the promises it releases settle */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms)
  })
  await realDelay(5)
}
async function press(text: string | RegExp): Promise<void> {
  fireEvent.click(await screen.findByText(text))
  await realDelay(5)
}

beforeEach(() => {
  resetTaroComponentMock()
  resetAppStore({ language: 'zh' })
  requestPayment.mockReset()
  useFakeClock('2026-11-23T10:00:00+08:00')
})
afterEach(() => jest.useRealTimers())

describe('payment model', () => {
  it('chooses the channel: mini-program, H5 in WeChat, any other browser by QR code', () => {
    expect(payChannelOf('weapp', undefined)).toBe('miniProgram')
    expect(payChannelOf('h5', 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.47')).toBe('wechatBrowser')
    expect(payChannelOf('h5', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe('qrCode')
  })
  it('waits longer between reads, up to a ceiling', () => {
    expect(pollDelay(0)).toBe(PAYMENT_POLL.firstDelayMs)
    expect(pollDelay(1)).toBe(1600)
    expect(pollDelay(2)).toBeGreaterThan(pollDelay(1))
    expect(pollDelay(50)).toBe(PAYMENT_POLL.maxDelayMs)
  })
})

describe('WeChat Pay in the mini-program', () => {
  it('opens the cashier, then is paid only when the server says so (polled with backoff), once', async () => {
    requestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
    const h = harness(JSAPI, ['unpaid', 'unpaid', 'paid'])
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    expect(h.prepare).toHaveBeenCalledWith('miniProgram', expect.stringMatching(/^[A-Za-z0-9]{32}$/), { wxCode: 'wx-login-code', wxCodeSource: 'miniProgram' })
    expect(requestPayment).toHaveBeenCalledWith(expect.objectContaining({ package: 'prepay_id=wx1', paySign: 'c2lnbg==', signType: 'RSA' }))
    expect(phase()).toBe('confirming')
    expect(screen.getByText('正在确认支付结果，请勿重复付款…')).toBeTruthy()
    // the cashier's "ok" alone is not paid
    expect(h.onPaid).not.toHaveBeenCalled()
    await advance(999)
    expect(h.readState).toHaveBeenCalledTimes(0)
    await advance(1)
    expect(h.readState).toHaveBeenCalledTimes(1)
    await advance(1600)
    expect(h.readState).toHaveBeenCalledTimes(2)
    expect(phase()).toBe('confirming')
    await advance(2560)
    expect(h.readState).toHaveBeenCalledTimes(3)
    expect(phase()).toBe('paid')
    expect(screen.getByText('支付成功')).toBeTruthy()
    await advance(60_000)
    expect(h.readState).toHaveBeenCalledTimes(3)
    expect(h.onPaid).toHaveBeenCalledTimes(1)
  })

  it('a cancelled cashier leaves the order payable; paying again sends the same key', async () => {
    requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail cancel' })
    const h = harness(JSAPI, ['unpaid'])
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    expect(phase()).toBe('cancelled')
    expect(screen.getByText('您已取消支付，订单仍待支付，可重新支付')).toBeTruthy()
    requestPayment.mockResolvedValueOnce({ errMsg: 'requestPayment:ok' })
    await press('重新支付 ¥1,280.00')
    expect(h.prepare).toHaveBeenCalledTimes(2)
    expect(h.prepare.mock.calls[1][1]).toBe(h.prepare.mock.calls[0][1])
    expect(phase()).toBe('confirming')
  })

  it('a failed cashier says so; the server saying paid all the same wins', async () => {
    requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail system error' })
    const h = harness(JSAPI, ['paid'])
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    expect(phase()).toBe('paid')
    expect(h.onPaid).toHaveBeenCalledTimes(1)
  })

  it('a failed creation on the server (already toasted) lets the attendee try again', async () => {
    const h = harness(JSAPI, [])
    h.prepare.mockRejectedValueOnce(new Error('EPAY'))
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    expect(phase()).toBe('failed')
    expect(screen.getByText('支付未完成，请重试')).toBeTruthy()
    expect(requestPayment).not.toHaveBeenCalled()
  })

  it('no confirmation within a minute: "unconfirmed", and "refresh" reads again', async () => {
    requestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
    const h = harness(JSAPI, [])
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    for (let i = 0; i < 20 && phase() === 'confirming'; i++) await advance(PAYMENT_POLL.maxDelayMs)
    expect(phase()).toBe('unconfirmed')
    const reads = h.readState.mock.calls.length
    expect(reads).toBeGreaterThan(5)
    expect(reads).toBeLessThan(15)
    // no "pay again" here: the money may be on its way
    expect(screen.queryByText('重新支付 ¥1,280.00')).toBeNull()
    h.readState.mockResolvedValueOnce('paid')
    await press('刷新支付结果')
    await advance(0)
    expect(phase()).toBe('paid')
  })

  it('the server closing the order (cancelled, past its deadline) ends in "expired"', async () => {
    requestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' })
    const h = harness(JSAPI, ['closed'])
    render(<Pay h={h} channel='miniProgram' />)
    await press('微信支付 ¥1,280.00')
    await advance(1000)
    expect(phase()).toBe('expired')
    expect(h.onPaid).not.toHaveBeenCalled()
  })

  it('past the server deadline no payment is started', async () => {
    const h = harness(JSAPI, [])
    render(<Pay h={h} channel='miniProgram' deadline={Date.now() + 5000} />)
    await screen.findByText('微信支付 ¥1,280.00')
    await advance(5000)
    expect(phase()).toBe('expired')
    expect(screen.queryByText('微信支付 ¥1,280.00')).toBeNull()
    expect(h.prepare).not.toHaveBeenCalled()
  })
})

describe('WeChat Pay by QR code (a browser outside WeChat)', () => {
  it('shows the code_url as a QR code and watches the server until paid', async () => {
    const h = harness({ kind: 'qrCode', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' }, ['unpaid', 'paid'])
    render(<Pay h={h} channel='qrCode' />)
    await press('微信支付 ¥1,280.00')
    expect(h.prepare).toHaveBeenCalledWith('qrCode', expect.any(String), { wxCode: '' })
    expect(phase()).toBe('scanning')
    expect(screen.getByText('微信扫码支付 ¥1,280.00')).toBeTruthy()
    let img: HTMLElement | null = null
    for (let i = 0; i < 100 && !img; i++) {
      await realDelay(10)
      img = document.body.querySelector('.pay-qr__image')
    }
    expect(img?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(decodeURIComponent(img?.getAttribute('src') ?? '')).toContain('<path')
    await advance(1000)
    expect(phase()).toBe('scanning')
    await advance(1600)
    expect(phase()).toBe('paid')
    expect(h.onPaid).toHaveBeenCalledTimes(1)
    expect(requestPayment).not.toHaveBeenCalled()
  })
})

describe('the company pays', () => {
  function Company({ pay, onPaid }: { pay: jest.Mock; onPaid: jest.Mock }) {
    return <CompanyPayButton amountText='¥1,280.00' pay={pay} onPaid={onPaid} />
  }

  it('asks with the amount first; declining pays nothing', async () => {
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    const pay = jest.fn(async () => undefined)
    const onPaid = jest.fn()
    render(<Company pay={pay} onPaid={onPaid} />)
    await press('公司支付 ¥1,280.00')
    expect(taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '本订单 ¥1,280.00 将由公司统一支付，确认支付吗？' }))
    expect(pay).not.toHaveBeenCalled()
  })

  it('pays once confirmed; a retry after a failure sends the same idempotency key', async () => {
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    const pay = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({ ok: true })
    const onPaid = jest.fn()
    render(<Company pay={pay} onPaid={onPaid} />)
    await press('公司支付 ¥1,280.00')
    expect(onPaid).not.toHaveBeenCalled()
    await press('公司支付 ¥1,280.00')
    expect(pay).toHaveBeenCalledTimes(2)
    expect(pay.mock.calls[1][0]).toBe(pay.mock.calls[0][0])
    expect(onPaid).toHaveBeenCalledTimes(1)
  })
})
