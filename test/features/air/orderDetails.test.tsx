/**
 * The air order page's pieces (src/features/air): the actions each of the 15 statuses of spec §4
 * offers (the server's state machine decides, the page shows exactly those), its label in both
 * languages, check-in advice (spec §9), refund and change records, and the quiet refresh while
 * the airline works (backoff, stops while hidden).
 */
import { TextEncoder } from 'util'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { AIR_ORDER_STATUSES, type AirOrderStatus } from '@contracts/air'
import { findOrderDetails, type AirOrderAction } from '@contracts/calls/flight'
import { AIR_ORDER_STATUS } from '@contracts/order-status'
import { OrderDetails } from '@/features/air/components/OrderDetails'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { PROCESSING_POLL_MS, isProcessing, processingPollDelay } from '@/features/air/model/processing'
import { actionsFor } from '../../../server/src/air/rules/order-machine'
import { useAppStore } from '@/store'
import { hidePage, showPage } from '../../support/taroComponentMock'
import { ok, realDelay, serve, useFakeClock } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'
import { order } from './fixtures'

;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder
jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

beforeEach(() => {
  freshPageTest()
  useAppStore.setState({ token: 'tok-1', eventHashCode: 'demo', eventCode: 'E1' })
  useFakeClock('2026-11-23T10:00:00+08:00')
})
afterEach(() => jest.useRealTimers())

describe('the actions each status allows', () => {
  it.each<[AirOrderStatus, AirOrderAction[]]>([
    ['new', ['cancel']],
    ['toBePaid', ['pay', 'cancel']],
    ['awaitingIssue', []],
    ['ticketed', ['refund', 'change']],
    ['issueFailed', ['remove']],
    ['refunding', []],
    ['refunded', ['remove']],
    ['changing', []],
    ['changeToBePaid', ['payChange', 'cancelChange']],
    ['changed', ['refund']],
    ['traveled', ['remove']],
    ['partiallyChanged', ['refund', 'change']],
    ['partiallyRefunded', ['refund', 'change']],
    ['cancelled', ['remove']],
    ['retrograde', ['refund', 'change']],
  ])('%s offers %j and only those buttons', (status, actions) => {
    // the server's state machine gives the actions (AirOrderView.actions); spec §4 is the expectation
    expect(actionsFor(status)).toEqual(actions)
    render(
      <OrderDetails
        order={order({ status, actions: actionsFor(status), timeline: [{ status, at: '2026-11-23T10:00:00+08:00' }] })}
        busy={null}
        onAction={() => undefined}
      />,
    )
    const shown = Array.from(document.body.querySelectorAll('.air-details__action')).map((b) => (b.className.match(/air-details__action--(\w+)/) ?? [])[1])
    expect(shown).toEqual(actions)
  })

  it('has retrograde record: the page says the airline refused, the tickets stand', () => {
    render(<OrderDetails order={order({ status: 'retrograde', actions: actionsFor('retrograde') })} busy={null} onAction={() => undefined} />)
    expect(screen.getByText('航空公司未同意最近一次退票或改签申请')).toBeTruthy()
  })

  it('only unticketed orders cancel online; a ticketed one is told to ask for a refund', () => {
    const cancellable = AIR_ORDER_STATUSES.filter((s) => actionsFor(s).includes('cancel'))
    expect(cancellable).toEqual(['new', 'toBePaid'])
    render(<OrderDetails order={order({ status: 'ticketed', actions: ['refund', 'change'] })} busy={null} onAction={() => undefined} />)
    expect(screen.getByText('已出票订单不能取消，如需退票请申请退票')).toBeTruthy()
  })

  it('an action button says which action; the others wait while one is sent', () => {
    const onAction = jest.fn()
    const o = order({ status: 'changeToBePaid', actions: ['payChange', 'cancelChange'] })
    const { rerender } = render(<OrderDetails order={o} busy={null} onAction={onAction} />)
    fireEvent.click(screen.getByText('取消改签'))
    expect(onAction).toHaveBeenCalledWith('cancelChange')
    rerender(<OrderDetails order={o} busy='cancelChange' onAction={onAction} />)
    fireEvent.click(screen.getByText('支付改签费'))
    expect(onAction).toHaveBeenCalledTimes(1)
  })

  it('processing statuses are refreshed in the background, with growing pauses', () => {
    expect(AIR_ORDER_STATUSES.filter(isProcessing)).toEqual(['new', 'awaitingIssue', 'refunding', 'changing'])
    expect([0, 1, 2, 6, 7, 50].map(processingPollDelay)).toEqual([2000, 3000, 5000, 30000, 30000, 30000])
  })
})

describe('status labels', () => {
  it('shows the spec §4 label and the timeline in Chinese and in English', async () => {
    const timeline = [
      { status: 'toBePaid' as const, at: '2026-11-23T10:00:00+08:00' },
      { status: 'awaitingIssue' as const, at: '2026-11-23T10:02:00+08:00' },
      { status: 'ticketed' as const, at: '2026-11-23T10:03:00+08:00' },
      { status: 'refunding' as const, at: '2026-11-23T11:00:00+08:00' },
    ]
    const o = order({ status: 'refunding', timeline, paidBy: 'company', paidAt: '2026-11-23T10:02:00+08:00' })
    const { rerender } = render(<OrderDetails order={o} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-status')?.textContent).toBe(AIR_ORDER_STATUS.refunding.zh)
    expect(Array.from(document.body.querySelectorAll('.air-timeline__status')).map((n) => n.textContent)).toEqual(['退票中', '已出票', '待出票', '待支付'])
    expect(screen.getByText('退票申请已提交，航空公司处理中')).toBeTruthy()
    act(() => useAppStore.setState({ language: 'en' }))
    rerender(<OrderDetails order={o} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-status')?.textContent).toBe('In return')
    expect(Array.from(document.body.querySelectorAll('.air-timeline__status')).map((n) => n.textContent)).toEqual([
      'In return',
      'Ticket drawn',
      'Awaiting issue',
      'To be paid',
    ])
    expect(screen.getByText('Paid by the company · Paid at 2026-11-23 10:02')).toBeTruthy()
    await realDelay()
  })

  it.each(AIR_ORDER_STATUSES)('%s has its spec §4 label in both languages', (status) => {
    const o = order({ status, actions: actionsFor(status) })
    const { rerender } = render(<OrderDetails order={o} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-status')?.textContent).toBe(AIR_ORDER_STATUS[status].zh)
    act(() => useAppStore.setState({ language: 'en' }))
    rerender(<OrderDetails order={o} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-status')?.textContent).toBe(AIR_ORDER_STATUS[status].en)
  })
})

describe('check-in advice (spec §9)', () => {
  it("domestic: arrive 1-2 hours early, closes 45 minutes before, in the airport's clock", () => {
    render(<OrderDetails order={order({ status: 'ticketed', actions: ['refund', 'change'] })} busy={null} onAction={() => undefined} />)
    expect(screen.getByText('国内航班')).toBeTruthy()
    expect(screen.getByText('建议起飞前1-2小时（06:00-07:00）到达机场')).toBeTruthy()
    expect(screen.getByText('起飞前45分钟（07:15）停止办理乘机手续')).toBeTruthy()
  })

  it('international: 2-3 hours, closes 1 hour before; in English', () => {
    act(() => useAppStore.setState({ language: 'en' }))
    const checkIn = {
      routeKind: 'international' as const,
      arriveEarlyHours: [2, 3] as [number, number],
      closesMinutesBefore: 60,
      closesAt: '2026-12-01T07:00:00+08:00',
    }
    render(<OrderDetails order={order({ status: 'ticketed', checkIn })} busy={null} onAction={() => undefined} />)
    expect(screen.getByText('International and HK/Macao/Taiwan flight')).toBeTruthy()
    expect(screen.getByText('Be at the airport 2-3 hours before departure (05:00-06:00)')).toBeTruthy()
    expect(screen.getByText('Check-in closes 60 minutes before departure (07:00)')).toBeTruthy()
  })

  it('is not shown once check-in has closed or the order has ended', () => {
    render(<OrderDetails order={order({ status: 'refunded', ended: true })} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-checkin')).toBeNull()
  })
})

function Live({ id }: { id: number }) {
  const { order: o } = useLiveOrder(id, (x) => isProcessing(x.status), PROCESSING_POLL_MS)
  return <div className='live'>{o?.status ?? 'none'}</div>
}
const live = () => document.body.querySelector('.live')?.textContent

describe('the quiet refresh while refunding', () => {
  it('reads again with backoff until settled, and not while the page is hidden', async () => {
    let reads = 0
    let status: AirOrderStatus = 'refunding'
    serve({
      [findOrderDetails.path]: () => {
        reads++
        return ok(order({ status }))
      },
    })
    render(<Live id={41} />)
    await realDelay()
    expect(live()).toBe('refunding')
    expect(reads).toBe(1)
    await act(async () => void jest.advanceTimersByTime(1999))
    expect(reads).toBe(1)
    await act(async () => void jest.advanceTimersByTime(1))
    await realDelay()
    expect(reads).toBe(2)
    await act(async () => void jest.advanceTimersByTime(3000))
    await realDelay()
    expect(reads).toBe(3)
    // hidden: nothing is read, however long
    act(() => hidePage())
    await act(async () => void jest.advanceTimersByTime(120_000))
    await realDelay()
    expect(reads).toBe(3)
    // shown again: read at once; the refund has gone through meanwhile; then no more
    status = 'refunded'
    act(() => showPage())
    await realDelay()
    expect(reads).toBe(4)
    expect(live()).toBe('refunded')
    await act(async () => void jest.advanceTimersByTime(120_000))
    await realDelay()
    expect(reads).toBe(4)
  })
})
