/**
 * What the air after-sales screen tests share: a ticketed order of two passengers, refund lines
 * and estimates, a change waiting for payment, and a fake server answering the event and the
 * order. Each test file mocks '@tarojs/taro' itself and calls setUpAfterSalesServer().
 */
import { TextEncoder } from 'util'
import { act, fireEvent, screen } from '@testing-library/react'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { findOrderDetails, type AirChangeView, type AirOrderView, type PassengerView, type RefundEstimateView, type RefundLine } from '@contracts/calls/flight'
import { useAppStore } from '@/store'
import { setRouterParams, taro } from '../../support/taroComponentMock'
import { EVENT, ok, realDelay, useFakeClock } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'
import { flight, order } from './fixtures'

// the browsers the QR code is drawn in have TextEncoder; jsdom does not
;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder

export const ROUTE = { ehc: 'demo', ec: 'E1', orderId: '41' }
export const base = order()
export const passenger = (over: Partial<PassengerView>): PassengerView => ({ ...base.passengers[0], ticketStatus: 'issued', ...over })
export const TICKETED: AirOrderView = order({
  status: 'ticketed',
  actions: ['refund', 'change'],
  paidBy: 'company',
  paidAt: '2026-11-23T10:01:00+08:00',
  passengers: [
    passenger({ passengerId: 1, name: '张三', ticketNo: '781-0000000001' }),
    passenger({ passengerId: 2, name: '李四', ticketNo: '781-0000000002' }),
  ],
})

export const line = (passengerId: number, name: string, over: Partial<RefundLine> = {}): RefundLine => ({
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
export const estimate = (lines: RefundLine[]): RefundEstimateView => ({
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

/** the event and the ticketed order served, logged in, the clock at 2026-11-23 10:00, on the order's route */
export function setUpAfterSalesServer(): void {
  beforeEach(() => {
    freshPageTest({ [getEventByHash.path]: () => ok(EVENT), [getEvent.path]: () => ok(EVENT), [findOrderDetails.path]: () => ok(TICKETED) })
    useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', eventHashCode: 'demo', eventCode: 'E1' })
    useFakeClock('2026-11-23T10:00:00+08:00')
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    setRouterParams(ROUTE)
  })
  afterEach(() => {
    jest.useRealTimers()
  })
}

export const click = (text: string) => fireEvent.click(screen.getByText(text))
export const settle = async () => {
  await act(async () => void jest.advanceTimersByTime(300))
  await realDelay()
}
export const problems = () => Array.from(document.body.querySelectorAll('.air-problem')).map((n) => n.textContent)

export const rebookCabin = (feeFen: number, fareDiffFen: number) => ({
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
export const NEW_FLIGHT = flight({ flightNo: 'MU5105', depTime: '14:00', arrTime: '16:15', date: '2026-12-02' })
export const CHANGE: AirChangeView = {
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
export const TO_PAY = order({
  ...TICKETED,
  status: 'changeToBePaid',
  actions: ['payChange', 'cancelChange'],
  changes: [CHANGE],
  changePayDeadline: '2026-11-23T10:30:00+08:00',
  changePayMethods: ['company'],
})
