/**
 * The train after-sales pure rules with fixed clocks: the whole order state machine walked move by move
 * (every pair of statuses, allowed and forbidden, against the table written out here), the order
 * status a set of tickets sums up to, the refund and change rules at their edges (the online
 * refund cut-off to the millisecond, change hours 05:00 / 23:00, one change, none after a change
 * of destination), the railway's rounding of fees at 0.25 / 0.75 yuan, and the 2024 change fee.
 */
import { TRAIN_ORDER_STATUSES, type TrainOrderStatus, type TrainTicketState } from '@contracts/train'
import { assertMove, canMove, orderActions, statusOfTickets } from '../src/train/rules/order-states'
import { changeFeePercent, changeProblem, feeFen, refundableUntil, refundPercent, refundProblem, TRAIN_RULES } from '../src/train/rules/train-rules'

const spec = TRAIN_RULES.spec
const today = TRAIN_RULES.railway2024
const china = (s: string) => new Date(`${s}+08:00`)
const h = 3600_000

/** the moves booking and after-sales need, written out independently of the table in the code */
const ALLOWED: ReadonlyArray<[TrainOrderStatus, TrainOrderStatus]> = [
  ['toBePaid', 'ticketing'],
  ['toBePaid', 'canceled'],
  ['toBePaid', 'overdue'],
  ['ticketing', 'issued'],
  ['ticketing', 'failed'],
  ['issued', 'refunding'],
  ['issued', 'changing'],
  ['issued', 'changeToProcess'],
  ['refunding', 'refunded'],
  ['refunding', 'partiallyRefunded'],
  ['refunding', 'changedRefunded'],
  ['refunding', 'issued'],
  ['refunding', 'changed'],
  ['refunding', 'partiallyChanged'],
  ['partiallyRefunded', 'refunding'],
  ['partiallyRefunded', 'changing'],
  ['partiallyRefunded', 'changeToProcess'],
  ['changeToProcess', 'changing'],
  ['changeToProcess', 'issued'],
  ['changeToProcess', 'changed'],
  ['changeToProcess', 'partiallyChanged'],
  ['changeToProcess', 'partiallyRefunded'],
  ['changing', 'changed'],
  ['changing', 'partiallyChanged'],
  ['changing', 'issued'],
  ['changing', 'partiallyRefunded'],
  ['changed', 'refunding'],
  ['changed', 'changing'],
  ['changed', 'changeToProcess'],
  ['partiallyChanged', 'refunding'],
  ['partiallyChanged', 'changing'],
  ['partiallyChanged', 'changeToProcess'],
]

describe('the order state machine, move by move', () => {
  const pairs = TRAIN_ORDER_STATUSES.flatMap((from) => TRAIN_ORDER_STATUSES.map((to) => [from, to] as const))
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([a, b]) => a === from && b === to)
    expect(canMove(from, to)).toBe(allowed)
    if (allowed) expect(() => assertMove(from, to)).not.toThrow()
    else expect(() => assertMove(from, to)).toThrow(`${from} → ${to} is not allowed`)
  })
  it('ended statuses go nowhere', () => {
    for (const s of ['refunded', 'changedRefunded', 'failed', 'canceled', 'overdue'] as const)
      expect(TRAIN_ORDER_STATUSES.filter((to) => canMove(s, to))).toEqual([])
  })
})

describe('an order’s status from its tickets', () => {
  const t = (state: TrainTicketState, everChanged = false) => ({ state, everChanged })
  it.each([
    [[t('issued'), t('issued')], 'issued'],
    [[t('refunding'), t('issued')], 'refunding'],
    [[t('refunded'), t('issued')], 'partiallyRefunded'],
    [[t('refunded'), t('refunded')], 'refunded'],
    [[t('refunded', true), t('refunded')], 'changedRefunded'],
    [[t('changeToPay'), t('issued')], 'changeToProcess'],
    [[t('changing'), t('issued')], 'changing'],
    [[t('changed', true), t('issued')], 'partiallyChanged'],
    [[t('changed', true), t('changed', true)], 'changed'],
    [[t('changed', true), t('refunded')], 'partiallyRefunded'],
    [[t('refunding'), t('changeToPay')], 'refunding'],
  ] as const)('%j → %s', (tickets, status) => expect(statusOfTickets(tickets)).toBe(status))

  it('offers refund / change only while a ticket allows it, remove until removed', () => {
    expect(orderActions('issued', [['refund'], []], false)).toEqual(['refund'])
    expect(orderActions('issued', [[], []], false)).toEqual([])
    expect(orderActions('refunded', [[]], false)).toEqual(['remove'])
    expect(orderActions('refunded', [[]], true)).toEqual([])
    expect(orderActions('overdue', [], false)).toEqual(['rebook', 'remove'])
  })
})

describe('online refund (spec §4, §9)', () => {
  const departAt = china('2026-05-10T12:00:00')
  const ticket = { state: 'issued' as const, departAt, paperTicketTaken: false, changedAt: null, changedFromDepartAt: null }
  it('until 1 hour before departure, that instant included', () => {
    expect(refundableUntil(spec, departAt).toISOString()).toBe(china('2026-05-10T11:00:00').toISOString())
    expect(refundProblem(spec, ticket, china('2026-05-10T11:00:00'))).toBeNull()
    expect(refundProblem(spec, ticket, new Date(china('2026-05-10T11:00:00').getTime() + 1))).toBe('ETRAIN1081')
  })
  it('not with a paper ticket, not in another state, not when changed after departure', () => {
    const now = china('2026-05-01T12:00:00')
    expect(refundProblem(spec, { ...ticket, paperTicketTaken: true }, now)).toBe('ETRAIN1082')
    for (const state of ['unissued', 'refunding', 'refunded', 'changing', 'changeToPay'] as const)
      expect(refundProblem(spec, { ...ticket, state }, now)).toBe('ETRAIN1084')
    const changedFrom = china('2026-05-01T10:00:00')
    expect(refundProblem(spec, { ...ticket, state: 'changed', changedAt: china('2026-05-01T09:59:59'), changedFromDepartAt: changedFrom }, now)).toBeNull()
    expect(refundProblem(spec, { ...ticket, state: 'changed', changedAt: changedFrom, changedFromDepartAt: changedFrom }, now)).toBe('ETRAIN1085')
  })
  it.each([
    [8 * 24 * h, 0],
    [8 * 24 * h - 1, 5],
    [48 * h, 5],
    [48 * h - 1, 10],
    [24 * h, 10],
    [24 * h - 1, 20],
    [1 * h, 20],
  ])('%i ms before departure: %i %%', (ms, pct) => expect(refundPercent(spec, ms)).toBe(pct))
  it.each([
    [12480, 5, 600], // 6.24 → 6.0
    [12500, 5, 650], // 6.25 → 6.5
    [13480, 5, 650], // 6.74 → 6.5
    [13500, 5, 700], // 6.75 → 7.0
    [3900, 5, 200], // 1.95 → the 2-yuan minimum
    [100, 20, 100], // never above the fare
    [55350, 20, 11050], // 110.70 → 110.5
  ])('a fare of %i fen at %i %%: fee %i fen (rounded as the railway does)', (fare, pct, fee) => expect(feeFen(spec, fare, pct)).toBe(fee))
})

describe('online change (spec §4, §9)', () => {
  const departAt = china('2026-05-10T12:00:00')
  const ticket = { state: 'issued' as const, departAt, changeCount: 0, destinationChanged: false }
  it.each([
    ['2026-05-01T04:59:59', 'ETRAIN1092'],
    ['2026-05-01T05:00:00', null],
    ['2026-05-01T22:59:59', null],
    ['2026-05-01T23:00:00', 'ETRAIN1092'],
  ])('at %s: %s', (at, problem) => expect(changeProblem(spec, ticket, china(at))).toBe(problem))
  it('once per ticket, never after a change of destination, only issued tickets, before departure', () => {
    const now = china('2026-05-01T12:00:00')
    expect(changeProblem(spec, { ...ticket, changeCount: 1 }, now)).toBe('ETRAIN1090')
    expect(changeProblem(spec, { ...ticket, changeCount: 1, destinationChanged: true, state: 'changed' }, now)).toBe('ETRAIN1091')
    expect(changeProblem(spec, { ...ticket, state: 'refunded' }, now)).toBe('ETRAIN1095')
    expect(changeProblem(spec, ticket, departAt)).toBe('ETRAIN1094')
  })
  it('costs nothing in the spec profile; in today’s the refund tiers when moving to a later train', () => {
    const now = china('2026-05-09T00:00:00') // 36 h before
    const later = china('2026-05-11T12:00:00')
    const earlier = china('2026-05-09T18:00:00')
    expect(changeFeePercent(spec, departAt, later, now)).toBe(0)
    expect(changeFeePercent(today, departAt, later, now)).toBe(10)
    expect(changeFeePercent(today, departAt, earlier, now)).toBe(0)
    expect(changeFeePercent(today, departAt, later, new Date(departAt.getTime() - 8 * 24 * h))).toBe(0)
    expect(changeFeePercent(today, departAt, later, new Date(departAt.getTime() - 48 * h))).toBe(5)
  })
})
