/**
 * The air order page's rules and pieces (src/features/air): which actions each of the 15 statuses
 * of spec §4 offers, its label in both languages, check-in advice by the airports' countries
 * (spec §9), and the quiet refresh while the airline works (backoff, stops while hidden).
 */
import { TextEncoder } from 'util'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { AIR_ORDER_STATUSES, type AirOrderStatus } from '@contracts/air'
import { CHECK_IN_ADVICE, checkInKind, checkInTimes } from '@contracts/air-checkin'
import { findOrderDetails, listAirport } from '@contracts/calls/flight'
import { AIR_ORDER_STATUS } from '@contracts/order-status'
import { OrderDetails } from '@/features/air/components/OrderDetails'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { clockAt } from '@/features/air/model/format'
import { ACTIONS_BY_STATUS, PROCESSING_POLL_MS, isProcessing, processingPollDelay, type OrderAction } from '@/features/air/model/orderActions'
import { useAppStore } from '@/store'
import { hidePage, showPage } from '../../support/taroComponentMock'
import { eventually, ok, realDelay, serve, useFakeClock } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'
import { flight, order } from './fixtures'

;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder
jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const city = (cityCode: string, countryCode: string, airports: string[]) => ({
  cityCode,
  cityZh: cityCode,
  cityEn: cityCode,
  cityPinyin: cityCode.toLowerCase(),
  countryCode,
  hot: false,
  airports: airports.map((code) => ({ code, nameZh: code, nameEn: code, cityCode, cityZh: cityCode, cityEn: cityCode, cityPinyin: cityCode.toLowerCase(), countryCode, hot: false })),
})
const CITIES = [city('SHA', 'CN', ['SHA', 'PVG']), city('BJS', 'CN', ['PEK']), city('HKG', 'HK', ['HKG'])]

beforeEach(() => {
  freshPageTest({ [listAirport.path]: () => ok(CITIES) })
  useAppStore.setState({ token: 'tok-1', eventHashCode: 'demo', eventCode: 'E1' })
  useFakeClock('2026-11-23T10:00:00+08:00')
})
afterEach(() => jest.useRealTimers())

describe('the actions each status allows', () => {
  it('covers every status of spec §4', () => {
    expect(Object.keys(ACTIONS_BY_STATUS).sort()).toEqual([...AIR_ORDER_STATUSES].sort())
  })

  it.each<[AirOrderStatus, OrderAction[]]>([
    ['new', ['cancel']],
    ['toBePaid', ['pay', 'cancel']],
    ['awaitingIssue', []],
    ['ticketed', ['refund', 'change']],
    ['issueFailed', ['remove']],
    ['refunding', []],
    ['refunded', ['remove']],
    ['changing', []],
    ['changeToBePaid', ['payChange', 'undoChange']],
    ['changed', ['refund']],
    ['traveled', ['remove']],
    ['partiallyChanged', ['refund', 'change']],
    ['partiallyRefunded', ['refund', 'change']],
    ['cancelled', ['remove']],
    ['retrograde', ['refund', 'change']],
  ])('%s offers %j and only those buttons', (status, actions) => {
    expect(ACTIONS_BY_STATUS[status]).toEqual(actions)
    render(<OrderDetails order={order({ status, timeline: [{ status, at: '2026-11-23T10:00:00+08:00' }] })} busy={null} onAction={() => undefined} />)
    const shown = Array.from(document.body.querySelectorAll('.air-details__action')).map((b) => (b.className.match(/air-details__action--(\w+)/) ?? [])[1])
    expect(shown).toEqual(actions)
  })

  it('only unticketed orders cancel online; a ticketed one is told to ask for a refund', () => {
    const cancellable = AIR_ORDER_STATUSES.filter((s) => ACTIONS_BY_STATUS[s].includes('cancel'))
    expect(cancellable).toEqual(['new', 'toBePaid'])
    render(<OrderDetails order={order({ status: 'ticketed' })} busy={null} onAction={() => undefined} />)
    expect(screen.getByText('已出票订单不能取消，如需退票请申请退票')).toBeTruthy()
  })

  it('an action button says which action; the others wait while one is sent', () => {
    const onAction = jest.fn()
    const { rerender } = render(<OrderDetails order={order({ status: 'changeToBePaid' })} busy={null} onAction={onAction} />)
    fireEvent.click(screen.getByText('取消改签'))
    expect(onAction).toHaveBeenCalledWith('undoChange')
    rerender(<OrderDetails order={order({ status: 'changeToBePaid' })} busy='undoChange' onAction={onAction} />)
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
    expect(Array.from(document.body.querySelectorAll('.air-timeline__status')).map((n) => n.textContent)).toEqual(['In return', 'Ticket drawn', 'Awaiting issue', 'To be paid'])
    expect(screen.getByText('Paid by the company · Paid at 2026-11-23 10:02')).toBeTruthy()
    await realDelay()
  })

  it.each(AIR_ORDER_STATUSES)('%s has a label in both languages', (status) => {
    render(<OrderDetails order={order({ status })} busy={null} onAction={() => undefined} />)
    expect(document.body.querySelector('.air-status')?.textContent).toBe(AIR_ORDER_STATUS[status].zh)
  })
})

describe('check-in advice (spec §9)', () => {
  it('domestic: 1-2 hours early, closes 45 minutes before; international 2-3 hours, 1 hour', () => {
    expect(CHECK_IN_ADVICE.domestic).toEqual({ arriveEarlyHours: [1, 2], closesMinutesBefore: 45 })
    expect(CHECK_IN_ADVICE.international).toEqual({ arriveEarlyHours: [2, 3], closesMinutesBefore: 60 })
    expect(checkInKind('CN', 'CN')).toBe('domestic')
    expect(checkInKind('CN', 'HK')).toBe('international')
    expect(checkInKind('JP', 'CN')).toBe('international')
    const dep = '2026-12-01T08:00:00+08:00'
    const at = checkInTimes('domestic', Date.parse(dep))
    expect([at.arriveFromMs, at.arriveByMs, at.closesAtMs].map((ms) => clockAt(ms, dep))).toEqual(['06:00', '07:00', '07:15'])
    const intl = checkInTimes('international', Date.parse(dep))
    expect([intl.arriveFromMs, intl.arriveByMs, intl.closesAtMs].map((ms) => clockAt(ms, dep))).toEqual(['05:00', '06:00', '07:00'])
  })

  it('reads domestic or international from the airports and gives the times in the airport\'s clock', async () => {
    render(<OrderDetails order={order({ status: 'ticketed' })} busy={null} onAction={() => undefined} />)
    await eventually(() => expect(document.body.querySelector('.air-checkin__rule--international')).toBeNull())
    expect(screen.getByText('国内航班')).toBeTruthy()
    expect(screen.getByText('建议起飞前1-2小时（06:00-07:00）到达机场')).toBeTruthy()
    expect(screen.getByText('起飞前45分钟（07:15）停止办理乘机手续')).toBeTruthy()
  })

  it('an international flight gets the international rule', async () => {
    const f = flight({ flightNo: 'CX367', depTime: '08:00', arrAirport: 'HKG' })
    render(<OrderDetails order={order({ status: 'ticketed', flight: f })} busy={null} onAction={() => undefined} />)
    await eventually(() => expect(document.body.querySelector('.air-checkin__rule--domestic')).toBeNull())
    expect(screen.getByText('起飞前60分钟（07:00）停止办理乘机手续')).toBeTruthy()
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
