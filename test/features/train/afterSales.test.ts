/**
 * The after-sales rules of the train screens: which buttons a My orders row shows per status of
 * spec §4, which page an order opens, the quiet refresh's backoff, the rebook draft, the change's
 * fare difference and the child-alone rule.
 */
import type { TrainOrderView } from '@contracts/calls/train'
import { TRAIN_ORDER_STATUSES, type TrainOrderStatus } from '@contracts/train'
import {
  AFTER_SALES_POLL,
  afterSalesPollDelay,
  changePayStateOf,
  childAlone,
  differenceOf,
  isMoving,
  listActionsOf,
  passengersAllowed,
  rebookDraftOf,
  reservationQueryOf,
  toggleSelected,
  trainOrderPageOf,
} from '@/features/train/model/after-sales'
import { draftKeyOf } from '@/features/train/model/reservation'
import { ORDER, passenger } from './orderFixtures'

const order = (v: Partial<TrainOrderView> = {}): TrainOrderView => ORDER({ passengers: [passenger(1), passenger(2)], ...v })

describe('My orders row buttons per status (spec §4)', () => {
  it.each<[TrainOrderStatus, string[]]>([
    ['toBePaid', ['pay']],
    ['overdue', ['rebook', 'remove']],
    ['canceled', ['rebook', 'remove']],
    ['failed', ['rebook', 'remove']],
    ['refunded', ['remove']],
    ['changedRefunded', ['remove']],
    ['ticketing', []],
    ['issued', []],
    ['refunding', []],
    ['changing', []],
    ['changeToProcess', ['pay']],
    ['changed', []],
    ['partiallyChanged', []],
    ['partiallyRefunded', []],
  ])('%s → %j', (status, actions) => {
    expect(listActionsOf(status)).toEqual(actions)
  })

  it('covers every status, and never offers to remove an order still alive', () => {
    for (const s of TRAIN_ORDER_STATUSES) {
      const a = listActionsOf(s)
      if (a.includes('remove')) expect(['canceled', 'overdue', 'failed', 'refunded', 'changedRefunded']).toContain(s)
      if (a.includes('pay')) expect(['toBePaid', 'changeToProcess']).toContain(s)
    }
  })

  it('opens unpaid orders on the pay page, overdue ones on the rebook page, the rest on the details', () => {
    expect(trainOrderPageOf('toBePaid')).toBe('trainToBePaid')
    expect(trainOrderPageOf('overdue')).toBe('trainPaymentOverdue')
    for (const s of TRAIN_ORDER_STATUSES.filter((x) => x !== 'toBePaid' && x !== 'overdue')) expect(trainOrderPageOf(s)).toBe('trainOrderDetails')
  })

  it('refreshes by itself only while the railway or the payment is working', () => {
    expect(TRAIN_ORDER_STATUSES.filter(isMoving)).toEqual(['ticketing', 'refunding', 'changing', 'changeToProcess'])
  })
})

describe('quiet refresh backoff', () => {
  it('starts soon, grows, and stops growing at its ceiling', () => {
    expect(afterSalesPollDelay(0)).toBe(AFTER_SALES_POLL.firstDelayMs)
    expect(afterSalesPollDelay(1)).toBe(3000)
    const d = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(afterSalesPollDelay)
    expect(d).toEqual([...d].sort((a, b) => a - b))
    expect(afterSalesPollDelay(50)).toBe(AFTER_SALES_POLL.maxDelayMs)
    expect(afterSalesPollDelay(-3)).toBe(AFTER_SALES_POLL.firstDelayMs)
  })
})

describe('rebook of an overdue order', () => {
  it('is a new reservation of the same train and class with the same travellers and contact, agreement not ticked', () => {
    const o = order({
      status: 'overdue',
      passengers: [passenger(1, { seatChoice: 'F' }), passenger(2, { passengerType: 'child', heightCm: 130 }), passenger(3, { travellerId: null })],
      overPolicy: { breaches: [], reason: '会议安排' },
    })
    const d = rebookDraftOf(o)
    expect(d.key).toBe(draftKeyOf({ trainCode: 'code-1', date: '2026-12-01', fromStationCode: 'AOH', toStationCode: 'VNP', seatType: 'second' }))
    expect(d.passengers).toEqual([
      { travellerId: 10, passengerType: 'adult', heightCm: '', seatChoice: 'F' },
      { travellerId: 20, passengerType: 'child', heightCm: '130', seatChoice: null },
    ])
    expect(d).toMatchObject({ contactName: '张三', contactMobile: '13800138000', agreed: false, overPolicyReason: '会议安排' })
    expect(d.idempotencyKey).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(rebookDraftOf(o).idempotencyKey).not.toBe(d.idempotencyKey)
    expect(reservationQueryOf(o)).toEqual({ trainCode: 'code-1', date: '2026-12-01', from: 'AOH', to: 'VNP', seat: 'second' })
  })
})

describe('change and refund selection', () => {
  it('offers only the tickets the server allows, and keeps the order of the passengers', () => {
    const o = order({ passengers: [passenger(1), passenger(2, { ticketActions: ['refund'], changeCount: 1 }), passenger(3, { ticketActions: [] })] })
    expect(passengersAllowed(o, 'change').map((p) => p.id)).toEqual([1])
    expect(passengersAllowed(o, 'refund').map((p) => p.id)).toEqual([1, 2])
    expect(toggleSelected([], 2, [1, 2, 3])).toEqual([2])
    expect(toggleSelected([2], 1, [1, 2, 3])).toEqual([1, 2])
    expect(toggleSelected([1, 2], 1, [1, 2, 3])).toEqual([2])
  })

  it('a child ticket is never changed alone', () => {
    const o = order({ passengers: [passenger(1), passenger(2, { passengerType: 'child' })] })
    expect(childAlone(o, [2])).toBe(true)
    expect(childAlone(o, [1, 2])).toBe(false)
    expect(childAlone(o, [1])).toBe(false)
    expect(childAlone(o, [])).toBe(false)
  })

  it('reads the fare difference as pay, money back or nothing', () => {
    expect(differenceOf(1250)).toEqual({ kind: 'pay', amountFen: 1250 })
    expect(differenceOf(-800)).toEqual({ kind: 'refund', amountFen: 800 })
    expect(differenceOf(0)).toEqual({ kind: 'none', amountFen: 0 })
  })

  it("reads a change's payment state for the WeChat Pay panel", () => {
    expect(changePayStateOf('toPay')).toBe('unpaid')
    expect(changePayStateOf('canceled')).toBe('closed')
    expect(changePayStateOf('processing')).toBe('paid')
    expect(changePayStateOf('done')).toBe('paid')
    expect(changePayStateOf('failed')).toBe('paid')
  })
})
