/**
 * The train order details page against a fake server: order and pickup numbers, carriage and
 * seat, the server's actions, the notice accordion, cancel without a loading indicator, and the
 * quiet refresh of a changing order that stops while the page is hidden. Set-up:
 * ./trainAftersalesSupport.
 */
import { fireEvent, render } from '@testing-library/react'
import { getOrderTickets, getTrainOrderInfo, trainCancelOrder } from '@contracts/calls/train'
import TrainOrderDetailsPage from '@/pages/trainTicket/orderDetailsPage/index'
import { hidePage, setRouterParams, showPage, taro } from '../support/taroComponentMock'
import { bodiesTo, eventually, ok, realDelay, serve, useFakeClock } from '../support/fakeServer'
import { NOW, ORDER, passenger } from '../features/train/orderFixtures'
import { all, q, setUpTrainAftersalesPages, texts } from './trainAftersalesSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainAftersalesPages()

describe('orderDetailsPage', () => {
  it('shows order and pickup numbers, carriage and seat, the amounts, the timeline and the server’s actions', async () => {
    serve({
      [getTrainOrderInfo.path]: () => ok(ORDER()),
      [getOrderTickets.path]: () => ok({ orderId: 7, orderNo: 'T202612010001', pickupNo: 'E123456', tickets: [] }),
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(q('.order-details__order-no')?.textContent).toBe('T202612010001'))
    expect(q('.order-details__pickup-no')?.textContent).toBe('E123456')
    expect(texts('.order-details__seat-no')).toEqual(['05车 11F · 靠窗', '05车 12F · 靠窗'])
    expect(q('.order-amounts__row--total')?.textContent).toContain('1136')
    expect(texts('.order-details__event-text')).toEqual(['出票成功', '支付成功', '提交订单'])
    expect(texts('.order-details__action')).toEqual(['改签', '退票'])
    // the notice accordion is inside the page (no page of its own, so no back arrow): one item open at a time
    expect(all('.notice-accordion__item.is-open')).toHaveLength(1)
    fireEvent.click(q('.notice-accordion__item--refund .notice-accordion__head') as Element)
    await eventually(() => expect(all('.notice-accordion__item.is-open').map((e) => e.className)).toEqual([expect.stringContaining('--refund')]))
  })

  it('cancels an unpaid order without the loading indicator (spec §7 trainCancelOrder*)', async () => {
    let order = ORDER({ status: 'toBePaid', actions: ['pay', 'cancel'], pickupNo: null, payer: null, payDeadline: '2026-11-22T10:20:00+08:00' })
    serve({
      [getTrainOrderInfo.path]: () => ok(order),
      [trainCancelOrder.path]: () => {
        order = ORDER({ status: 'canceled', actions: ['remove'], pickupNo: null })
        return ok(order)
      },
    })
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(texts('.order-details__action')).toEqual(['去支付', '取消订单']))
    const loadings = taro.showLoading.mock.calls.length
    fireEvent.click(q('.order-details__action--cancel') as Element)
    await eventually(() => expect(q('.order-details__status')?.textContent).toBe('已取消'))
    expect(bodiesTo(trainCancelOrder.path)).toHaveLength(1)
    expect(taro.showLoading.mock.calls.length).toBe(loadings)
    expect(texts('.order-details__action')).toEqual(['删除订单'])
  })

  it('refreshes a refunding order quietly with backoff, not while hidden, and stops when it is done', async () => {
    useFakeClock(NOW)
    let order = ORDER({ status: 'refunding', actions: [] })
    serve({ [getTrainOrderInfo.path]: () => ok(order) })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(q('.order-details__status')?.textContent).toBe('退票中'))
    const asked = () => bodiesTo(getTrainOrderInfo.path).length
    expect(asked()).toBe(1)
    jest.advanceTimersByTime(2000)
    await eventually(() => expect(asked()).toBe(2))
    // the next pause starts when the answer is in
    await realDelay(50)
    jest.advanceTimersByTime(2999)
    await realDelay()
    expect(asked()).toBe(2)
    jest.advanceTimersByTime(1)
    await eventually(() => expect(asked()).toBe(3))
    await realDelay(50)

    hidePage()
    await realDelay()
    jest.advanceTimersByTime(60_000)
    await realDelay()
    expect(asked()).toBe(3)

    order = ORDER({
      status: 'refunded',
      actions: ['remove'],
      passengers: [passenger(1, { ticketState: 'refunded', ticketActions: [] }), passenger(2, { ticketState: 'refunded', ticketActions: [] })],
    })
    showPage()
    await eventually(() => expect(q('.order-details__status')?.textContent).toBe('已退票'))
    const after = asked()
    jest.advanceTimersByTime(120_000)
    await realDelay()
    expect(asked()).toBe(after)
    expect(texts('.order-details__ticket-state')).toEqual(['已退票', '已退票'])
  })
})
