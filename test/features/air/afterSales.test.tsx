/**
 * The air after-sales screens against a fake server: dishonoredBill (required fields of spec §5,
 * the estimate before confirming, "refund fee higher than fare means non-refundable", one key per
 * intent, nothing typed lost on an error), ticketChanging (rebook list with fee and fare
 * difference, a change to pay by the company, undo), and airOrderDetails (cancel an unpaid order,
 * records of refunds and changes).
 */
import { TextEncoder } from 'util'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import {
  confirmChangeOrder,
  createChangeOrderPay,
  findOrderDetails,
  findRebookList,
  getReissueRefundPriceMultiPlayer,
  removeTicketOrder,
  ticketCancel,
  ticketCancelChange,
  ticketChange,
  ticketRefund,
  type AirChangeView,
  type AirOrderView,
  type PassengerView,
  type RefundEstimateView,
  type RefundLine,
} from '@contracts/calls/flight'
import { failEnvelope } from '@contracts/envelope'
import OrderDetailsPage from '@/pages/airTicket/airOrderDetails/index'
import RefundPage from '@/pages/airTicket/dishonoredBill/index'
import ChangePage from '@/pages/airTicket/ticketChanging/index'
import { STORE_KEY, useAppStore } from '@/store'
import { setRouterParams, storage, taro } from '../../support/taroComponentMock'
import { EVENT, bodiesTo, eventually, ok, realDelay, serve, toasts, useFakeClock } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'
import { flight, order } from './fixtures'

;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder
jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const ROUTE = { ehc: 'demo', ec: 'E1', orderId: '41' }
const base = order()
const passenger = (over: Partial<PassengerView>): PassengerView => ({ ...base.passengers[0], ticketStatus: 'issued', ...over })
const TICKETED: AirOrderView = order({
  status: 'ticketed',
  actions: ['refund', 'change'],
  paidBy: 'company',
  paidAt: '2026-11-23T10:01:00+08:00',
  passengers: [passenger({ passengerId: 1, name: '张三', ticketNo: '781-0000000001' }), passenger({ passengerId: 2, name: '李四', ticketNo: '781-0000000002' })],
})

const line = (passengerId: number, name: string, over: Partial<RefundLine> = {}): RefundLine => ({
  passengerId,
  name,
  passengerType: 'adult',
  ticketNo: `781-000000000${passengerId}`,
  segment: TICKETED.flight,
  cabinCode: 'Y',
  fareFen: 124000,
  window: 'over7Days',
  feePercent: 5,
  feeFen: 6200,
  taxesFen: 11000,
  insuranceFen: 2000,
  refundFen: 130800,
  refundable: true,
  problem: null,
  ...over,
})
const estimate = (lines: RefundLine[]): RefundEstimateView => ({
  orderId: 41,
  type: 'voluntary',
  lines,
  count: lines.length,
  feeFen: lines.reduce((s, l) => s + (l.refundable ? l.feeFen : 0), 0),
  refundFen: lines.reduce((s, l) => s + l.refundFen, 0),
  refundable: lines.every((l) => l.refundable),
  refundTo: 'company',
  needsVerification: false,
})

beforeEach(() => {
  freshPageTest({ [getEventByHash.path]: () => ok(EVENT), [getEvent.path]: () => ok(EVENT), [findOrderDetails.path]: () => ok(TICKETED) })
  useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', eventHashCode: 'demo', eventCode: 'E1' })
  useFakeClock('2026-11-23T10:00:00+08:00')
  taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
  setRouterParams(ROUTE)
})
afterEach(() => jest.useRealTimers())

const click = (text: string) => fireEvent.click(screen.getByText(text))
const settle = async () => {
  await act(async () => void jest.advanceTimersByTime(300))
  await realDelay()
}
const problems = () => Array.from(document.body.querySelectorAll('.air-problem')).map((n) => n.textContent)

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

  it('"refund fee higher than fare means non-refundable": said, and nothing is sent', async () => {
    serve({
      [getReissueRefundPriceMultiPlayer.path]: () => ok(estimate([line(1, '张三', { feeFen: 130000, fareFen: 12000, refundFen: 0, refundable: false, problem: 'feeOverFare' })])),
    })
    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    await settle()
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

const rebookCabin = (feeFen: number, fareDiffFen: number) => ({
  cabinCode: 'B',
  cabinClass: 'economy' as const,
  discount: 90,
  seatsLeft: 5,
  adultFareFen: 130000,
  lines: [],
  feeFen,
  fareDiffFen,
  dueFen: feeFen + fareDiffFen,
  backFen: 0,
})
const NEW_FLIGHT = flight({ flightNo: 'MU5105', depTime: '14:00', arrTime: '16:15', date: '2026-12-02' })
const CHANGE: AirChangeView = {
  changeId: 9,
  changeNo: 'AC20261123000009',
  state: 'toBePaid',
  type: 'voluntary',
  cause: 'planChanged',
  causeText: '',
  newFlight: NEW_FLIGHT,
  newCabinCode: 'B',
  lines: [{ ...line(1, '张三'), fareDiffFen: 6000, dueFen: 12200 }],
  feeFen: 6200,
  fareDiffFen: 6000,
  dueFen: 12200,
  backFen: 0,
  payDeadline: '2026-11-23T10:30:00+08:00',
  paidBy: null,
  paymentPending: false,
  requestedAt: '2026-11-23T10:00:00+08:00',
  decidedAt: null,
  rejectReason: '',
}
const TO_PAY = order({ ...TICKETED, status: 'changeToBePaid', actions: ['payChange', 'cancelChange'], changes: [CHANGE], changePayDeadline: '2026-11-23T10:30:00+08:00', changePayMethods: ['company'] })

describe('ticketChanging (change)', () => {
  it('asks for what is missing, lists the flights of the new date with fee and fare difference, and holds the change', async () => {
    serve({
      [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [rebookCabin(6200, 6000)] }] }),
      [ticketChange.path]: () => ok(TO_PAY),
    })
    render(<ChangePage />)
    await screen.findByText('改签乘机人')
    click('提交改签')
    expect(problems()).toEqual(['请选择航段', '请选择改签人', '请选择改签类型', '请选择改签原因', '请选择新日期'])
    expect(bodiesTo(ticketChange.path)).toHaveLength(0)
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    click('12月2日 周三')
    await eventually(() => expect(bodiesTo(findRebookList.path)).toHaveLength(1))
    expect(bodiesTo(findRebookList.path)[0]).toMatchObject({ orderId: 41, passengerIds: [1], date: '2026-12-02', type: 'voluntary' })
    await screen.findByText('改签费 ¥62 · 差额 ¥60')
    click('提交改签')
    expect(toasts().at(-1)).toBe('请选择新航程')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(document.body.querySelector('.air-change-cost__fee')?.textContent).toBe('¥62')
    expect(document.body.querySelector('.air-change-cost__diff')?.textContent).toBe('¥60')
    expect(document.body.querySelector('.air-change-cost__amount')?.textContent).toBe('¥122')
    click('提交改签')
    await eventually(() => expect(bodiesTo(ticketChange.path)).toHaveLength(1))
    expect(bodiesTo(ticketChange.path)[0]).toMatchObject({
      orderId: 41,
      passengerIds: [1],
      type: 'voluntary',
      cause: 'planChanged',
      flight: { date: '2026-12-02', flightNo: 'MU5105', depAirport: 'SHA', arrAirport: 'PEK' },
      cabinCode: 'B',
      expectedDueFen: 12200,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    })
    // money due: the same page goes on to paying the change
    await screen.findByText('支付改签费用')
    expect(screen.getByText('改签单 AC20261123000009')).toBeTruthy()
  })

  it('the company pays the change, then the order page', async () => {
    serve({ [findOrderDetails.path]: () => ok(TO_PAY), [confirmChangeOrder.path]: () => ok(order({ ...TO_PAY, status: 'changing', actions: [] })) })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    click('公司支付 ¥122')
    await eventually(() => expect(bodiesTo(confirmChangeOrder.path)).toHaveLength(1))
    expect(bodiesTo(confirmChangeOrder.path)[0]).toMatchObject({ orderId: 41, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airOrderDetails/index?ehc=demo&ec=E1&orderId=41')
  })

  it('WeChat Pay of the change: a QR code here, then the server\'s word that it is paid', async () => {
    let paid = false
    serve({
      [findOrderDetails.path]: () => ok(paid ? order({ ...TO_PAY, status: 'changing', actions: [], changes: [{ ...CHANGE, state: 'processing', paidBy: 'wechat' }] }) : { ...TO_PAY, changePayMethods: ['wechat'] }),
      [createChangeOrderPay.path]: () =>
        ok({ paymentNo: 'P1', tradeType: 'NATIVE', amountFen: 12200, expiresAt: '2026-11-23T10:30:00+08:00', jsapi: null, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' }),
    })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    expect(document.body.querySelector('.pay-panel__button--company')).toBeNull()
    fireEvent.click(document.body.querySelector('.pay-panel__button--wechat') as Element)
    await eventually(() => expect(bodiesTo(createChangeOrderPay.path)).toHaveLength(1))
    expect(bodiesTo(createChangeOrderPay.path)[0]).toMatchObject({ orderId: 41, tradeType: 'NATIVE', wxCode: '', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) })
    // while the code is scanned the undo waits: one change is not paid and undone at once
    await eventually(() => expect(document.body.querySelector('.air-change-pay__undo.at-button--disabled')).toBeTruthy())
    paid = true
    for (let i = 0; i < 4 && !taro.redirectTo.mock.calls.length; i++) {
      await act(async () => void jest.advanceTimersByTime(2000))
      await realDelay()
    }
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airOrderDetails/index?ehc=demo&ec=E1&orderId=41')
    expect(toasts()).toContain('改签费用已支付，航空公司正在办理改签')
  })

  it('an unpaid change is undone after asking', async () => {
    serve({ [findOrderDetails.path]: () => ok(TO_PAY), [ticketCancelChange.path]: () => ok(TICKETED) })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    click('取消改签')
    await eventually(() => expect(bodiesTo(ticketCancelChange.path)).toEqual([expect.objectContaining({ orderId: 41 })]))
    expect(toasts()).toContain('改签已取消')
  })
})

describe('ticketChanging to a cheaper fare', () => {
  // old fare ¥1,240, new ¥1,000, change fee ¥62: ¥178 back, nothing to pay
  const CHEAPER = { ...rebookCabin(6200, 0), adultFareFen: 100000, dueFen: 0, backFen: 17800 }
  const choose = async () => {
    render(<ChangePage />)
    await screen.findByText('改签乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    click('12月2日 周三')
  }

  it('shows what comes back before the attendee confirms, and sends nothing to pay', async () => {
    serve({
      [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [CHEAPER] }] }),
      [ticketChange.path]: () => ok(order({ ...TICKETED, status: 'changing', actions: [] })),
    })
    await choose()
    // on the list: what comes back instead of what is due
    expect((await screen.findByText('退 ¥178')).className).toContain('is-back')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(document.body.querySelector('.air-change-cost__amount')?.textContent).toBe('无需支付')
    expect(document.body.querySelector('.air-change-cost__back')?.textContent).toBe('¥178')
    expect(screen.getByText('新票价低于原票价，差价扣除改签费后，在航空公司确认改签后原路退回')).toBeTruthy()
    expect(Array.from(document.body.querySelectorAll('.air-bottombar__amount')).map((n) => n.textContent)).toContain('¥178')
    click('提交改签')
    await eventually(() => expect(bodiesTo(ticketChange.path)).toHaveLength(1))
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toBe('确认为1位乘机人改签到MU5105 12月2日 周三 14:00？无需支付，改签成功后退还差价¥178。')
    expect(bodiesTo(ticketChange.path)[0]).toMatchObject({ cabinCode: 'B', expectedDueFen: 0, expectedBackFen: 17800 })
  })

  it('in English too; declining the question sends nothing', async () => {
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    serve({ [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [CHEAPER] }] }) })
    act(() => useAppStore.setState({ language: 'en' }))
    render(<ChangePage />)
    await screen.findByText('Passengers to change')
    fireEvent.click(screen.getByText(/^MU5101 /))
    click('张三')
    click('Voluntary')
    click('Plans changed')
    fireEvent.click(screen.getByText(/Wed/))
    await screen.findByText('¥178 back')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(screen.getByText('Amount back', { selector: '.air-change-cost__due *, .air-change-cost__due' })).toBeTruthy()
    expect(document.body.querySelector('.air-change-cost__back')?.textContent).toBe('¥178')
    fireEvent.click(screen.getByText('Request change'))
    await eventually(() => expect(taro.showModal).toHaveBeenCalled())
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toMatch(/^Change 1 passenger\(s\) to MU5105 .+\? Nothing to pay; ¥178 comes back once the change is done\.$/)
    await settle()
    expect(bodiesTo(ticketChange.path)).toHaveLength(0)
  })
})

describe('airOrderDetails', () => {
  it('cancels an unpaid order after asking, and shows it cancelled', async () => {
    const cancelled = order({ status: 'cancelled', actions: ['remove'], ended: true, timeline: [...order().timeline, { status: 'cancelled', at: '2026-11-23T10:05:00+08:00' }] })
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
    serve({ [findOrderDetails.path]: () => ok(order({ ...TICKETED, status: 'refunding', actions: [], refunds: [refund], changes: [{ ...CHANGE, state: 'changed', paidBy: 'company' }] })) })
    render(<OrderDetailsPage />)
    await screen.findByText('退票单 AR20261123000003')
    expect(screen.getByText('其他：会议改期')).toBeTruthy()
    expect(screen.getByText('李四 781-0000000002')).toBeTruthy()
    expect(screen.getByText('1张')).toBeTruthy()
    expect(screen.getByText('¥1,308')).toBeTruthy()
    expect(screen.getByText('改签单 AC20261123000009')).toBeTruthy()
    // refunds and changes newest first
    expect(Array.from(document.body.querySelectorAll('.air-record__title')).map((n) => n.textContent)).toEqual(['退票单 AR20261123000003', '改签单 AC20261123000009'])
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
    expect(useAppStore.getState().airAfterSalesDraft).toMatchObject({ forKey: 'refund:41', draft: { passengerIds: [2], type: 'voluntary', reason: 'other', reasonText: '会议改期' } })

    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    expect(document.body.querySelector('.air-choice__item[aria-checked="true"] .air-choice__name')?.textContent).toContain('MU5101')
    expect(Array.from(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]')).map((n) => n.textContent).join()).toContain('李四')
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
    serve({ [findOrderDetails.path]: () => ok(order({ ...TICKETED, status: 'partiallyRefunded', passengers: [TICKETED.passengers[0], { ...TICKETED.passengers[1], ticketStatus: 'refunded' }] })) })
    render(<RefundPage />)
    await screen.findByText('退票乘机人')
    const chosen = Array.from(document.body.querySelectorAll('.air-choice__item[aria-checked="true"]')).map((n) => n.textContent).join()
    expect(chosen).toContain('张三')
    expect(chosen).not.toContain('李四')
  })

  it('change: the choices come back after a reload, the change form does not fill the refund form', async () => {
    serve({ [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [rebookCabin(6200, 6000)] }] }), [ticketChange.path]: () => ok(TO_PAY) })
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
    expect(useAppStore.getState().airAfterSalesDraft).toMatchObject({ forKey: 'change:41', draft: { passengerIds: [1], date: '2026-12-02', flightNo: 'MU5105', cabinCode: 'B' } })

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
