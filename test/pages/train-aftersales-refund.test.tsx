/**
 * The train refund from the order details page against a fake server: the estimate (fee and amount
 * back) shown before the attendee confirms, the reason asked for, one idempotency key for a
 * retried confirm, and the server's reason when a refund is refused. Set-up:
 * ./trainAftersalesSupport.
 */
import { fireEvent, render } from '@testing-library/react'
import { estimatedRefund, getTrainOrderInfo, saveRefund, type RefundEstimate } from '@contracts/calls/train'
import TrainOrderDetailsPage from '@/pages/trainTicket/orderDetailsPage/index'
import { setRouterParams } from '../support/taroComponentMock'
import { bodiesTo, eventually, fail, ok, realDelay, serve, toasts, urls } from '../support/fakeServer'
import { BJ, NOW, ORDER, SH, passenger } from '../features/train/orderFixtures'
import { all, q, setUpTrainAftersalesPages, texts } from './trainAftersalesSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainAftersalesPages()

describe('refund', () => {
  const ESTIMATE: RefundEstimate = {
    orderId: 7,
    orderNo: 'T202612010001',
    route: {
      trainCode: 'code-1',
      trainNo: 'G101',
      date: '2026-12-01',
      from: SH,
      to: BJ,
      departTime: '08:00',
      arriveTime: '12:28',
      departAt: '2026-12-01T08:00:00+08:00',
      arriveAt: '2026-12-01T12:28:00+08:00',
      seatType: 'second',
    },
    tickets: [{ passengerId: 2, name: '李四', passengerType: 'adult', ticketNo: 'E102', priceFen: 55300, feePercent: 5, feeFen: 2750, refundFen: 52550 }],
    count: 1,
    ticketPriceFen: 55300,
    commissionFen: 2750,
    estimatedRefundFen: 52550,
    to: 'company',
    refundableUntil: '2026-12-01T07:00:00+08:00',
    hoursBeforeDeparture: 70,
    serverNow: NOW,
  }

  it('shows the fee and the amount back before the attendee confirms, and sends what was seen with one key', async () => {
    let saves = 0
    serve({
      [getTrainOrderInfo.path]: () => ok(ORDER()),
      [estimatedRefund.path]: () => ok(ESTIMATE),
      [saveRefund.path]: () => {
        saves++
        if (saves === 1) throw new Error('network down')
        return ok({ refund: {}, order: ORDER({ status: 'refunding', actions: [] }) })
      },
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(q('.order-details__action--refund')).not.toBeNull())
    fireEvent.click(q('.order-details__action--refund') as Element)
    await eventually(() => expect(all('.refund-sheet__ticket')).toHaveLength(2))
    expect(urls()).not.toContain(estimatedRefund.path)
    expect(q('.refund-sheet__confirm')?.getAttribute('class')).toContain('disabled')

    fireEvent.click(all('.refund-sheet__ticket')[1])
    await eventually(() => expect(q('.refund-sheet__back')?.textContent).toBe('¥525.50'))
    expect(bodiesTo(estimatedRefund.path)[0]).toMatchObject({ orderId: 7, passengerIds: [2] })
    expect(q('.refund-sheet__fee')?.textContent).toBe('-¥27.50')
    expect(texts('.refund-sheet__row')[0]).toContain('手续费5% ¥27.50，退¥525.50')
    expect(q('.refund-sheet__confirm')?.textContent).toContain('525.50')

    fireEvent.click(q('.refund-sheet__confirm') as Element)
    expect(toasts().at(-1)).toBe('请选择退票原因')
    expect(urls()).not.toContain(saveRefund.path)
    fireEvent.click(all('.refund-sheet__reason')[0])
    fireEvent.click(q('.refund-sheet__confirm') as Element)
    await eventually(() => expect(bodiesTo(saveRefund.path)).toHaveLength(1))
    await realDelay(50)
    fireEvent.click(q('.refund-sheet__confirm') as Element)
    await eventually(() => expect(q('.refund-sheet')).toBeNull())
    const [first, second] = bodiesTo(saveRefund.path)
    expect(first).toMatchObject({ orderId: 7, passengerIds: [2], refundType: 'voluntary', reason: 'planChanged', expectedRefundFen: 52550 })
    expect(second.idempotencyKey).toBe(first.idempotencyKey)
    await eventually(() => expect(q('.order-details__status')?.textContent).toBe('退票中'))
  })

  it('shows why a refund is refused (the server’s message) and offers no confirm', async () => {
    serve({
      [getTrainOrderInfo.path]: () => ok(ORDER({ passengers: [passenger(1)] })),
      [estimatedRefund.path]: () => fail('ETRAIN1081', '已过网上退票截止时间'),
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(q('.order-details__action--refund')).not.toBeNull())
    fireEvent.click(q('.order-details__action--refund') as Element)
    await eventually(() => expect(q('.refund-sheet__problem')?.textContent).toBe('已过网上退票截止时间'))
    expect(q('.refund-sheet__back')).toBeNull()
  })
})
