/**
 * The air after-sales screens against a fake server: airOrderDetails (cancel an unpaid order,
 * records of refunds and changes), and the refund and change forms kept on the device until sent.
 * dishonoredBill: afterSales.refund.test.tsx; ticketChanging: afterSales.change.test.tsx.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import {
  findOrderDetails,
  findRebookList,
  getReissueRefundPriceMultiPlayer,
  removeTicketOrder,
  ticketCancel,
  ticketChange,
  ticketRefund,
} from '@contracts/calls/flight'
import { failEnvelope } from '@contracts/envelope'
import OrderDetailsPage from '@/pages/airTicket/airOrderDetails/index'
import RefundPage from '@/pages/airTicket/dishonoredBill/index'
import ChangePage from '@/pages/airTicket/ticketChanging/index'
import { STORE_KEY, useAppStore } from '@/store'
import { storage, taro } from '../../support/taroComponentMock'
import { bodiesTo, eventually, ok, realDelay, serve, toasts } from '../../support/fakeServer'
import { order } from './fixtures'
import { CHANGE, NEW_FLIGHT, TICKETED, TO_PAY, click, estimate, line, rebookCabin, settle, setUpAfterSalesServer } from './afterSalesSupport'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

setUpAfterSalesServer()

describe('airOrderDetails', () => {
  it('cancels an unpaid order after asking, and shows it cancelled', async () => {
    const cancelled = order({
      status: 'cancelled',
      actions: ['remove'],
      ended: true,
      timeline: [...order().timeline, { status: 'cancelled', at: '2026-11-23T10:05:00+08:00' }],
    })
    let now = order()
    serve({
      [findOrderDetails.path]: () => ok(now),
      [ticketCancel.path]: () => ok((now = cancelled)),
    })
    render(<OrderDetailsPage />)
    await screen.findByText('取消订单')
    click('取消订单')
    await eventually(() => expect(bodiesTo(ticketCancel.path)).toEqual([expect.objectContaining({ orderId: 41 })]))
    await eventually(() => expect(document.body.querySelector('.air-status')?.textContent).toBe('已取消'))
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toBe('确定取消该订单吗？座位将被释放。')
    expect(screen.getByText('删除订单')).toBeTruthy()
  })

  it('removes an ended order after asking, then shows the orders list', async () => {
    serve({
      [findOrderDetails.path]: () => ok(order({ status: 'refunded', actions: ['remove'], ended: true })),
      [removeTicketOrder.path]: () => ok({ removed: true }),
    })
    render(<OrderDetailsPage />)
    await screen.findByText('删除订单')
    click('删除订单')
    await eventually(() => expect(bodiesTo(removeTicketOrder.path)).toEqual([expect.objectContaining({ orderId: 41 })]))
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/pagesUser/travel/travel?ehc=demo&ec=E1&tab=orders')
    expect(toasts()).toContain('订单已删除')
  })

  it('nothing is sent when the question is answered no', async () => {
    serve({ [findOrderDetails.path]: () => ok(order()) })
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    render(<OrderDetailsPage />)
    await screen.findByText('取消订单')
    click('取消订单')
    await realDelay(50)
    expect(bodiesTo(ticketCancel.path)).toHaveLength(0)
    expect(document.body.querySelector('.air-status')?.textContent).toBe('待支付')
  })

  it('a change to a cheaper fare: what went back on the change record and in the timeline, in Chinese and English', async () => {
    const changed = order({
      ...TICKETED,
      status: 'changed',
      actions: ['refund'],
      refundedFen: 17800,
      changes: [{ ...CHANGE, state: 'changed', fareDiffFen: 0, dueFen: 0, backFen: 17800, payDeadline: null, decidedAt: '2026-11-23T10:06:00+08:00' }],
      timeline: [
        { status: 'ticketed', at: '2026-11-23T10:02:00+08:00' },
        { status: 'changing', at: '2026-11-23T10:05:00+08:00' },
        { status: 'changed', at: '2026-11-23T10:06:00+08:00', backFen: 17800 },
      ],
    })
    serve({ [findOrderDetails.path]: () => ok(changed) })
    render(<OrderDetailsPage />)
    await screen.findByText('改签差价 ¥178 已原路退回')
    expect(document.body.querySelectorAll('.air-timeline__back')).toHaveLength(1)
    expect(document.body.querySelector('.air-record__back')?.textContent).toContain('¥178')
    expect(screen.getByText('已退款 ¥178')).toBeTruthy()
    act(() => useAppStore.setState({ language: 'en' }))
    await screen.findByText('Fare difference of ¥178 returned the way it was paid')
  })

  it('lists a refund with the spec §3 fields and the change', async () => {
    const refund = {
      refundId: 3,
      refundNo: 'AR20261123000003',
      state: 'processing' as const,
      type: 'voluntary' as const,
      reason: 'other' as const,
      reasonText: '会议改期',
      count: 1,
      lines: [line(2, '李四')],
      feeFen: 6200,
      refundFen: 130800,
      refundTo: 'company' as const,
      requestedAt: '2026-11-23T11:00:00+08:00',
      decidedAt: null,
      rejectReason: '',
    }
    serve({
      [findOrderDetails.path]: () =>
        ok(order({ ...TICKETED, status: 'refunding', actions: [], refunds: [refund], changes: [{ ...CHANGE, state: 'changed', paidBy: 'company' }] })),
    })
    render(<OrderDetailsPage />)
    await screen.findByText('退票单 AR20261123000003')
    expect(screen.getByText('其他：会议改期')).toBeTruthy()
    expect(screen.getByText('李四 781-0000000002')).toBeTruthy()
    expect(screen.getByText('1张')).toBeTruthy()
    expect(screen.getByText('¥1,308')).toBeTruthy()
    expect(screen.getByText('改签单 AC20261123000009')).toBeTruthy()
    // refunds and changes newest first
    expect(Array.from(document.body.querySelectorAll('.air-record__title')).map((n) => n.textContent)).toEqual([
      '退票单 AR20261123000003',
      '改签单 AC20261123000009',
    ])
  })
})

describe('the refund and change forms survive a reload (kept on the device until sent)', () => {
  /** a reload: the page goes, the store starts from nothing and reads the device's storage back */
  async function reload(unmount: () => void) {
    unmount()
    const onDevice = storage.get(STORE_KEY)
    // (setting the store writes it to storage: put the device's copy back before reading it)
    useAppStore.setState(useAppStore.getInitialState())
    expect(useAppStore.getState().airAfterSalesDraft).toBeNull()
    storage.set(STORE_KEY, onDevice)
    await useAppStore.persist.rehydrate()
  }

  it('refund: route, refunder, type, reason and words come back; a successful request clears them', async () => {
    serve({
      [getReissueRefundPriceMultiPlayer.path]: (b) => ok(estimate((b.passengerIds as number[]).map((id) => line(id, id === 1 ? '张三' : '李四')))),
      [ticketRefund.path]: () => ok(order({ ...TICKETED, status: 'refunding', actions: [] })),
    })
    const first = render(<RefundPage />)
    await screen.findByText('退票乘机人')
    click('MU5101 上海→北京')
    click('李四')
    click('自愿')
    click('其他')
    let text: HTMLTextAreaElement | null = null
    await eventually(() => expect((text = document.body.querySelector('.air-reason__text textarea'))).toBeTruthy())
    fireEvent.input(text as unknown as HTMLTextAreaElement, { target: { value: '会议改期' } })
    await settle()
    await reload(first.unmount)
    expect(useAppStore.getState().airAfterSalesDraft).toMatchObject({
      forKey: 'refund:41',
      draft: { passengerIds: [2], type: 'voluntary', reason: 'other', reasonText: '会议改期' },
    })

    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    expect(document.body.querySelector('.air-choice__item[aria-checked="true"] .air-choice__name')?.textContent).toContain('MU5101')
    expect(
      Array.from(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]'))
        .map((n) => n.textContent)
        .join(),
    ).toContain('李四')
    expect(document.body.querySelector('.air-reason__reason--other.is-on')).toBeTruthy()
    // Taro's textarea web component draws its inner <textarea> on a later frame (requestAnimationFrame, not faked)
    await eventually(() => expect(document.body.querySelector<HTMLTextAreaElement>('.air-reason__text textarea')?.value).toBe('会议改期'))
    await settle()
    click('确认退票')
    await eventually(() => expect(bodiesTo(ticketRefund.path)).toHaveLength(1))
    expect(bodiesTo(ticketRefund.path)[0]).toMatchObject({ passengerIds: [2], type: 'voluntary', reason: 'other', reasonText: '会议改期' })
    await eventually(() => expect(useAppStore.getState().airAfterSalesDraft).toBeNull())
  })

  it('refund: a refused request keeps the form on the device; a ticket refunded meanwhile drops out of it', async () => {
    serve({
      [getReissueRefundPriceMultiPlayer.path]: (b) => ok(estimate((b.passengerIds as number[]).map((id) => line(id, id === 1 ? '张三' : '李四')))),
      [ticketRefund.path]: () => failEnvelope('EAIR1030', '该订单当前不能退票'),
    })
    const first = render(<RefundPage />)
    await screen.findByText('退票乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('李四')
    click('自愿')
    click('行程变更')
    await settle()
    click('确认退票')
    await eventually(() => expect(bodiesTo(ticketRefund.path)).toHaveLength(1))
    await settle()
    expect(useAppStore.getState().airAfterSalesDraft?.draft).toMatchObject({ passengerIds: [1, 2], reason: 'planChanged' })
    await reload(first.unmount)
    serve({
      [findOrderDetails.path]: () =>
        ok(order({ ...TICKETED, status: 'partiallyRefunded', passengers: [TICKETED.passengers[0], { ...TICKETED.passengers[1], ticketStatus: 'refunded' }] })),
    })
    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    const chosen = Array.from(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]'))
      .map((n) => n.textContent)
      .join()
    expect(chosen).toContain('张三')
    expect(chosen).not.toContain('李四')
  })

  it('change: the choices come back after a reload, the change form does not fill the refund form', async () => {
    serve({
      [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [rebookCabin(6200, 6000)] }] }),
      [ticketChange.path]: () => ok(TO_PAY),
    })
    const first = render(<ChangePage />)
    await screen.findByText('改签乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    click('12月2日 周三')
    await screen.findByText('改签费 ¥62 · 差额 ¥60')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    await reload(first.unmount)
    expect(useAppStore.getState().airAfterSalesDraft).toMatchObject({
      forKey: 'change:41',
      draft: { passengerIds: [1], date: '2026-12-02', flightNo: 'MU5105', cabinCode: 'B' },
    })

    const refund = render(<RefundPage />)
    await screen.findByText('退票乘机人')
    expect(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]')).toHaveLength(0)
    refund.unmount()

    render(<ChangePage />)
    await screen.findByText('改签乘机人')
    await screen.findByText('改签费 ¥62 · 差额 ¥60')
    expect(document.body.querySelector('.air-change__day.is-on')?.textContent).toBe('12月2日 周三')
    expect(document.body.querySelector('.air-change-cost__amount')?.textContent).toBe('¥122')
    click('提交改签')
    await eventually(() => expect(bodiesTo(ticketChange.path)).toHaveLength(1))
    expect(bodiesTo(ticketChange.path)[0]).toMatchObject({ passengerIds: [1], cause: 'planChanged', cabinCode: 'B', expectedDueFen: 12200 })
    await eventually(() => expect(useAppStore.getState().airAfterSalesDraft).toBeNull())
  })
})
