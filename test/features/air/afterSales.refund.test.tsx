/**
 * dishonoredBill (refund) against a fake server: required fields of spec §5, the estimate before
 * confirming, "refund fee higher than fare means non-refundable", one key per intent, nothing
 * typed lost on an error. Fixtures and the fake server: ./afterSalesSupport.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { findOrderDetails, getReissueRefundPriceMultiPlayer, ticketRefund } from '@contracts/calls/flight'
import { failEnvelope } from '@contracts/envelope'
import { saveSubscriptions } from '@contracts/calls/notices'
import { DEMO_TEMPLATE_IDS } from '@contracts/subscribe-notices'
import RefundPage from '@/pages/airTicket/dishonoredBill/index'
import { taro } from '../../support/taroComponentMock'
import { bodiesTo, eventually, ok, serve, toasts } from '../../support/fakeServer'
import { order } from './fixtures'
import { TICKETED, click, estimate, line, problems, settle, setUpAfterSalesServer } from './afterSalesSupport'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

setUpAfterSalesServer()

/** the page with the first route, 张三, voluntary, plans changed: ready to confirm */
async function fillFirstPassengerRefund(): Promise<void> {
  render(<RefundPage />)
  await screen.findByText('退票乘机人')
  click('MU5101 上海→北京')
  click('张三')
  click('自愿')
  click('行程变更')
  await settle()
}

describe('dishonoredBill (refund)', () => {
  it('asks for route, refunder, type and reason; shows the estimate before confirming; sends once with one key', async () => {
    const refunded = order({ ...TICKETED, status: 'refunding', actions: [] })
    serve({
      [getReissueRefundPriceMultiPlayer.path]: (b) => ok(estimate((b.passengerIds as number[]).map((id) => line(id, id === 1 ? '张三' : '李四')))),
      [ticketRefund.path]: () => ok(refunded),
    })
    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    click('确认退票')
    expect(toasts().at(-1)).toBe('请选择航段')
    expect(problems()).toEqual(['请选择航段', '请选择退票人', '请选择退票类型', '请选择退票原因'])
    expect(bodiesTo(ticketRefund.path)).toHaveLength(0)

    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    await settle()
    // the estimate is asked for the passengers and type chosen and shown before confirming
    expect(bodiesTo(getReissueRefundPriceMultiPlayer.path).at(-1)).toMatchObject({ orderId: 41, passengerIds: [1], type: 'voluntary' })
    expect(document.body.querySelector('.air-estimate__amount')?.textContent).toBe('¥1,308')
    expect(screen.getAllByText('¥62').length).toBeGreaterThan(0)
    click('确认退票')
    expect(toasts().at(-1)).toBe('请选择退票原因')
    click('行程变更')
    click('确认退票')
    await eventually(() => expect(bodiesTo(ticketRefund.path)).toHaveLength(1))
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toBe('确认为1位乘机人退票？预计退款¥1,308，手续费¥62。')
    expect(bodiesTo(ticketRefund.path)[0]).toMatchObject({
      orderId: 41,
      passengerIds: [1],
      type: 'voluntary',
      reason: 'planChanged',
      reasonText: '',
      expectedRefundFen: 130800,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airOrderDetails/index?ehc=demo&ec=E1&orderId=41')
  })

  it('in the mini-program: the refund result notice is asked in the tap, answered before the confirm, and kept for the order once sent', async () => {
    serve({
      [getReissueRefundPriceMultiPlayer.path]: (b) => ok(estimate((b.passengerIds as number[]).map((id) => line(id, id === 1 ? '张三' : '李四')))),
      [ticketRefund.path]: () => ok(order({ ...TICKETED, status: 'refunding', actions: [] })),
      [saveSubscriptions.path]: () => ok({ kinds: ['refundResult'] }),
    })
    taro.requestSubscribeMessage.mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', [DEMO_TEMPLATE_IDS.refundResult]: 'accept' })
    await fillFirstPassengerRefund()
    // the tap as the mini-program runs it (the page itself renders as H5 under jsdom)
    process.env.TARO_ENV = 'weapp'
    try {
      click('确认退票')
    } finally {
      process.env.TARO_ENV = 'h5'
    }
    expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: [DEMO_TEMPLATE_IDS.refundResult] })
    await eventually(() => expect(bodiesTo(saveSubscriptions.path)).toHaveLength(1))
    // one dialog at a time: WeChat's prompt first, then the confirm
    expect(taro.requestSubscribeMessage.mock.invocationCallOrder[0]).toBeLessThan(taro.showModal.mock.invocationCallOrder[0])
    expect(bodiesTo(ticketRefund.path)).toHaveLength(1)
    expect(bodiesTo(saveSubscriptions.path)[0]).toMatchObject({
      orderKind: 'flight',
      orderId: 41,
      moment: 'refund',
      templateIds: [DEMO_TEMPLATE_IDS.refundResult],
    })
  })

  it('"refund fee higher than fare means non-refundable": said, and nothing is sent', async () => {
    serve({
      [getReissueRefundPriceMultiPlayer.path]: () =>
        ok(estimate([line(1, '张三', { feeFen: 130000, fareFen: 12000, refundFen: 0, refundable: false, problem: 'feeOverFare' })])),
    })
    await fillFirstPassengerRefund()
    expect(screen.getByText('退票费高于票价，该机票不可退款')).toBeTruthy()
    expect(screen.getByText('退票费高于票价，不可退')).toBeTruthy()
    click('确认退票')
    expect(toasts().at(-1)).toBe('退票费高于票价，该机票不可退款')
    expect(bodiesTo(ticketRefund.path)).toHaveLength(0)
  })

  it('an amount changed on the server: the form keeps everything, the estimate is read again, the next confirm is a new intent', async () => {
    let fee = 6200
    serve({
      [getReissueRefundPriceMultiPlayer.path]: () => ok(estimate([line(1, '张三', { feeFen: fee, refundFen: 137000 - fee })])),
      [ticketRefund.path]: () => {
        fee = 12400
        return failEnvelope('EAIR1035', '金额已变动，最新金额为¥1246，请确认后重新提交')
      },
    })
    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('其他')
    let text: HTMLTextAreaElement | null = null
    await eventually(() => expect((text = document.body.querySelector('.air-reason__text textarea'))).toBeTruthy())
    fireEvent.input(text as unknown as HTMLTextAreaElement, { target: { value: '会议改期' } })
    await settle()
    click('确认退票')
    await eventually(() => expect(bodiesTo(ticketRefund.path)).toHaveLength(1))
    await settle()
    expect(toasts()).toContain('金额已变动，最新金额为¥1246，请确认后重新提交')
    expect(document.body.querySelector('.air-estimate__amount')?.textContent).toBe('¥1,246')
    // nothing typed is lost
    expect(document.body.querySelector('.air-reason__reason--other.is-on')).toBeTruthy()
    expect(document.body.querySelector('[aria-checked="true"] .air-choice__name')?.textContent).toContain('MU5101')
    click('确认退票')
    await eventually(() => expect(bodiesTo(ticketRefund.path)).toHaveLength(2))
    const [first, second] = bodiesTo(ticketRefund.path)
    expect(first.reasonText).toBe('会议改期')
    expect(second).toMatchObject({ reasonText: '会议改期', expectedRefundFen: 124600 })
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey)
    expect(taro.redirectTo).not.toHaveBeenCalled()
  })

  it('a passenger already refunded cannot be chosen; an order that cannot be refunded says so', async () => {
    serve({
      [findOrderDetails.path]: () =>
        ok(order({ ...TICKETED, status: 'partiallyRefunded', passengers: [TICKETED.passengers[0], { ...TICKETED.passengers[1], ticketStatus: 'refunded' }] })),
    })
    const { unmount } = render(<RefundPage />)
    await screen.findByText('退票乘机人')
    expect(document.body.querySelectorAll('.air-choice__item[aria-disabled="true"]')).toHaveLength(1)
    click('李四')
    expect(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]')).toHaveLength(0)
    unmount()
    serve({ [findOrderDetails.path]: () => ok(order({ ...TICKETED, status: 'refunding', actions: [] })) })
    render(<RefundPage />)
    await screen.findByText('该订单当前不能退票')
  })
})
