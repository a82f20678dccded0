/**
 * The train after-sales pages against a fake server: My orders (labels of spec §4, row buttons,
 * filter, remove), order details (numbers, seats, server's actions, cancel without a loading
 * indicator, the quiet refresh that stops while the page is hidden, the accordion), the refund
 * estimate shown before confirming (one key per intent), the change flow (reasons it is refused,
 * the fare difference, the confirm), and the rebook of an overdue order.
 */
import { fireEvent, render } from '@testing-library/react'
import { pageOrders, type OrderSummary } from '@contracts/calls/orders'
import {
  askChangeOrderTicket,
  estimatedRefund,
  getOrderTickets,
  getPreSaleDay,
  getTrainOrderInfo,
  removeTrainOrder,
  saveChange,
  saveRefund,
  trainCancelOrder,
  type ChangeOptions,
  type PreSaleDays,
  type RefundEstimate,
} from '@contracts/calls/train'
import { TRAIN_ORDER_STATUS } from '@contracts/order-status'
import TrainMyOrderPage from '@/pages/trainTicket/myOrder/index'
import TrainOrderDetailsPage from '@/pages/trainTicket/orderDetailsPage/index'
import TrainPaymentOverduePage from '@/pages/trainTicket/paymentOverduePage/index'
import TrainTicketChangesPage from '@/pages/trainTicket/ticketChangesPage/index'
import { appState, useAppStore } from '@/store'
import { hidePage, setRouterParams, showPage, taro } from '../support/taroComponentMock'
import { USER, bodiesTo, eventually, fail, ok, realDelay, serve, toasts, urls, useFakeClock } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'
import { BJ, NOW, ORDER, SH, passenger } from '../features/train/orderFixtures'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const PRESALE: PreSaleDays = {
  today: '2026-11-22',
  lastDate: '2026-12-06',
  preSaleDays: 15,
  saleOpens: '05:00',
  saleCloses: '23:00',
  onSaleNow: true,
  childRule: 'height',
  payMinutes: 20,
  serverNow: NOW,
}
const q = (s: string) => document.body.querySelector(s)
const all = (s: string) => Array.from(document.body.querySelectorAll(s))
const texts = (s: string) => all(s).map((e) => e.textContent ?? '')

const row = (orderId: number, status: keyof typeof TRAIN_ORDER_STATUS): OrderSummary => ({
  kind: 'train',
  orderNo: `T${orderId}`,
  orderId,
  title: '上海虹桥 → 北京南 G101',
  departAt: '2026-12-01T08:00:00+08:00',
  statusGroup: TRAIN_ORDER_STATUS[status].group,
  status,
  statusLabel: TRAIN_ORDER_STATUS[status].zh,
  amountFen: 56800,
  payer: 'company',
  createdAt: NOW,
})

beforeEach(() => {
  freshPageTest({ [getPreSaleDay.path]: () => ok(PRESALE) })
  useAppStore.setState({ token: 'tok', tokenMd5: 'md5', user: USER, eventHashCode: 'demo', eventCode: 'E1' })
  setRouterParams({ ehc: 'demo', ec: 'E1' })
})
afterEach(() => jest.useRealTimers())

describe('myOrder', () => {
  it('lists the train orders with their spec §4 labels and only the buttons each status allows; removes an ended one', async () => {
    const list = [row(1, 'toBePaid'), row(2, 'overdue'), row(3, 'issued'), row(4, 'refunded')]
    serve({
      [pageOrders.path]: () => ok({ total: list.length, pageNo: 1, pageSize: 20, list }),
      [removeTrainOrder.path]: (b) => ok({ orderId: b.orderId, removed: true }),
    })
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    render(<TrainMyOrderPage />)
    await eventually(() => expect(all('.my-orders__row')).toHaveLength(4))
    expect(bodiesTo(pageOrders.path)[0]).toMatchObject({ pageNo: 1, kind: 'train' })
    expect(texts('.my-orders__status')).toEqual(['待支付', '支付超时（可重新预订）', '已出票', '已退票'])
    const buttons = all('.my-orders__row').map((r) => Array.from(r.querySelectorAll('.my-orders__action')).map((b) => b.textContent))
    expect(buttons).toEqual([['去支付'], ['重新预订', '删除订单'], [], ['删除订单']])
    expect(q('.my-orders__end')?.textContent).toBe('没有更多了')

    fireEvent.click(all('.my-orders__row')[3].querySelector('.my-orders__action--remove') as Element)
    await eventually(() => expect(all('.my-orders__row')).toHaveLength(3))
    expect(bodiesTo(removeTrainOrder.path)).toEqual([expect.objectContaining({ orderId: 4 })])

    fireEvent.click(all('.my-orders__row')[2])
    expect(taro.navigateTo.mock.calls.at(-1)?.[0].url).toMatch(/^\/pages\/trainTicket\/orderDetailsPage\/index\?.*orderId=3/)
  })

  it('filters by status group from page 1, and loads the next page at the end', async () => {
    serve({
      [pageOrders.path]: (b) => {
        const page = Number(b.pageNo)
        const list = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => row((page - 1) * 20 + i + 1, 'issued'))
        return ok({ total: 25, pageNo: page, pageSize: 20, list })
      },
    })
    render(<TrainMyOrderPage />)
    await eventually(() => expect(q('.my-orders__more')).not.toBeNull())
    fireEvent.click(q('.my-orders__more') as Element)
    await eventually(() => expect(bodiesTo(pageOrders.path).at(-1)).toMatchObject({ pageNo: 2 }))
    await eventually(() => expect(q('.my-orders__end')).not.toBeNull())
    fireEvent.click(all('.my-orders__chip')[4])
    await eventually(() => expect(bodiesTo(pageOrders.path).at(-1)).toMatchObject({ pageNo: 1, kind: 'train', statusGroup: 'refund' }))
  })
})

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

describe('ticketChangesPage', () => {
  const OPTIONS: ChangeOptions = {
    orderId: 7,
    passengerIds: [1],
    changeType: 'sameRoute',
    current: {
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
    from: SH,
    to: BJ,
    date: '2026-12-02',
    trains: [
      {
        trainCode: 'code-9',
        trainNo: 'G109',
        trainType: 'G',
        from: SH,
        to: BJ,
        origin: SH,
        terminus: BJ,
        date: '2026-12-02',
        departTime: '09:00',
        arriveTime: '13:30',
        departAt: '2026-12-02T09:00:00+08:00',
        arriveAt: '2026-12-02T13:30:00+08:00',
        arriveDayOffset: 0,
        durationMinutes: 270,
        distanceKm: 1318,
        fromIsOrigin: true,
        toIsTerminus: true,
        seats: [],
        bookable: true,
        quotes: [
          { seatType: 'first', newFareFen: 93000, oldFareFen: 55300, changeFeeFen: 0, differenceFen: 37700, left: 10, withinPolicy: false },
          { seatType: 'second', newFareFen: 50000, oldFareFen: 55300, changeFeeFen: 0, differenceFen: -5300, left: 10, withinPolicy: true },
        ],
      },
    ],
    changeFeePercent: 0,
    changeOpens: '05:00',
    changeCloses: '23:00',
    changeOpenNow: true,
    serverNow: NOW,
  }

  it('says why a ticket cannot be changed, refuses a child alone, shows the difference and confirms once', async () => {
    const order = ORDER({
      passengers: [passenger(1), passenger(2, { passengerType: 'child' }), passenger(3, { name: '王五', ticketActions: ['refund'], changeCount: 1 })],
    })
    serve({
      [getTrainOrderInfo.path]: () => ok(order),
      [askChangeOrderTicket.path]: () => ok(OPTIONS),
      [saveChange.path]: () => ok({ change: { id: 31, state: 'processing' }, order }),
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainTicketChangesPage />)
    await eventually(() => expect(all('.change-tickets__passenger')).toHaveLength(3))
    expect(all('.change-tickets__passenger')[2].textContent).toContain('每张车票只能改签一次')

    fireEvent.click(all('.change-tickets__passenger')[1])
    await eventually(() => expect(q('.change-tickets__passenger[aria-checked="true"]')).not.toBeNull())
    fireEvent.click(q('.change-tickets__ask') as Element)
    expect(toasts().at(-1)).toBe('儿童票不能单独改签，请同时选择同行成人')
    expect(urls()).not.toContain(askChangeOrderTicket.path)

    fireEvent.click(all('.change-tickets__passenger')[1])
    fireEvent.click(all('.change-tickets__passenger')[0])
    // another day (the same day offers the other trains)
    const picker = q('.change-tickets__field')?.parentElement as Element
    fireEvent(picker, Object.assign(new Event('change', { bubbles: true }), { detail: { value: '2026-12-02' } }))
    await realDelay()
    fireEvent.click(q('.change-tickets__ask') as Element)
    await eventually(() => expect(all('.change-tickets__quote')).toHaveLength(2))
    expect(bodiesTo(askChangeOrderTicket.path)[0]).toMatchObject({ orderId: 7, passengerIds: [1], changeType: 'sameRoute', date: '2026-12-02' })
    expect(texts('.change-tickets__quote-diff')).toEqual(['退¥53'])
    expect(texts('.change-tickets__quote-policy')).toEqual(['超标'])

    // first class is outside the travel policy: a change is never made there
    expect(all('.change-tickets__quote')[0].className).toContain('is-off')
    fireEvent.click(all('.change-tickets__quote')[0])
    expect(toasts().at(-1)).toBe('该席别超出差旅标准，不能改签')
    expect(q('.change-diff')).toBeNull()
    fireEvent.click(all('.change-tickets__quote')[1])
    await eventually(() => expect(q('.change-diff__row--total')?.textContent).toBe('退还差额¥53'))
    fireEvent.click(all('.change-tickets__chip[role="radio"]').find((e) => e.textContent === '会议变更') as Element)
    fireEvent.click(q('.change-tickets__save') as Element)
    await eventually(() => expect(bodiesTo(saveChange.path)).toHaveLength(1))
    expect(bodiesTo(saveChange.path)[0]).toMatchObject({
      orderId: 7,
      passengerIds: [1],
      trainCode: 'code-9',
      seatType: 'second',
      cause: 'eventChanged',
      fromStationCode: 'AOH',
      toStationCode: 'VNP',
      expectedDifferenceFen: -5300,
    })
    await eventually(() => expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toMatch(/succeededInreSigning\/index\?.*changeId=31/))
  })
})

describe('paymentOverduePage', () => {
  it('rebooks the same train in one tap: the reservation opens with the travellers and contact filled in', async () => {
    serve({ [getTrainOrderInfo.path]: () => ok(ORDER({ status: 'overdue', actions: ['rebook', 'remove'], pickupNo: null, payer: null, paidAt: null })) })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainPaymentOverduePage />)
    await eventually(() => expect(q('.payment-overdue__rebook')).not.toBeNull())
    fireEvent.click(q('.payment-overdue__rebook') as Element)
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toMatch(
      /^\/pages\/trainTicket\/oneWayReservation\/index\?.*trainCode=code-1&date=2026-12-01&from=AOH&to=VNP&seat=second/,
    )
    const draft = appState().trainDraft
    expect(draft?.key).toBe('code-1|2026-12-01|AOH|VNP|second')
    expect(draft?.passengers.map((p) => p.travellerId)).toEqual([10, 20])
    expect(draft).toMatchObject({ contactName: '张三', contactMobile: '13800138000', agreed: false })
  })
})
