/**
 * The reservation and change rules the train forms apply before asking the server
 * (model/reservation.ts, model/change.ts, model/after-sales.ts): choosing travellers, what the
 * policy verdict means for a grab, what must be chosen before a change, the change request as
 * seen, and the ticket a passenger holds now.
 */
import type { ChangeOptions, ChangeQuote, ChangeTrainOffer } from '@contracts/calls/train/change'
import type { SeatOffer } from '@contracts/calls/train/search'
import type { Traveller } from '@contracts/calls/train/travellers'
import type { PolicyVerdict } from '@contracts/calls/travel'
import { detailsActionsOf, ticketNowOf } from '@/features/train/model/after-sales'
import { askChangeProblem, changeBlockOf, changeCauseProblem, quoteRefusal, saveChangeRequestOf } from '@/features/train/model/change'
import { MAX_PASSENGERS, pickTraveller, reservationPolicy } from '@/features/train/model/reservation'
import type { TrainDraftPassenger } from '@/store/trainSlice'
import { BJ, NOW, ORDER, SH, passenger } from './orderFixtures'

const traveller = (id: number, v: Partial<Traveller> = {}): Traveller => ({
  id,
  name: `T${id}`,
  documentType: 'idCard',
  documentNumber: '11010519491231002X',
  passengerType: 'adult',
  mobile: '13800138000',
  auditStatus: 'passed',
  addedAt: NOW,
  birthDate: '1949-12-31',
  ...v,
})
const chosen = (travellerId: number): TrainDraftPassenger => ({ travellerId, passengerType: 'adult', heightCm: '', seatChoice: null })

describe('pickTraveller', () => {
  it('adds a traveller with their ticket kind, and takes them out on a second tap', () => {
    const added = pickTraveller([], traveller(1, { passengerType: 'child' }))
    expect(added).toEqual({ passengers: [{ travellerId: 1, passengerType: 'child', heightCm: '', seatChoice: null }] })
    expect(pickTraveller([chosen(1), chosen(2)], traveller(1))).toEqual({ passengers: [chosen(2)] })
  })
  it('refuses a traveller who failed the audit, and a passenger beyond the railway limit', () => {
    expect(pickTraveller([], traveller(1, { auditStatus: 'failed' }))).toEqual({ refused: 'train.reserve.auditFailed' })
    const full = Array.from({ length: MAX_PASSENGERS }, (_, i) => chosen(i + 10))
    expect(pickTraveller(full, traveller(1))).toEqual({ refused: 'train.reserve.tooManyPassengers' })
  })
})

describe('reservationPolicy', () => {
  const seat = (seatType: SeatOffer['seatType'], left: number, withinPolicy: boolean, priceFen = 10000): SeatOffer => ({
    seatType,
    priceFen,
    childPriceFen: priceFen / 2,
    left,
    withinPolicy,
  })
  const verdict = (withinPolicy: boolean, overPolicy: 'reason' | 'block'): PolicyVerdict => ({
    withinPolicy,
    overPolicy,
    breaches: withinPolicy ? [] : [{ rule: 'trainSeatType', text: 'first class' }],
  })
  it('a class with seats: no grab, the verdict as it is, the fare of that class', () => {
    const first = seat('first', 5, false)
    const p = reservationPolicy([first], first, undefined, verdict(false, 'reason'))
    expect(p).toMatchObject({ grabOffered: [], grabClasses: [], grabVerdict: null, outside: true, needsReason: true, blocked: false, fareSeat: first })
    expect(reservationPolicy([first], first, undefined, verdict(false, 'block'))).toMatchObject({ blocked: true, needsReason: false })
    expect(reservationPolicy([first], first, undefined, undefined)).toMatchObject({ outside: false, breaches: [] })
  })
  it('a grab: the classes chosen in order, the fare of the first choice, the verdict over them all', () => {
    const second = seat('second', 0, true, 5000)
    const first = seat('first', 0, false, 9000)
    const p = reservationPolicy([second, first], second, ['first', 'second'], verdict(true, 'reason'))
    expect(p.grabOffered).toEqual(['second', 'first'])
    expect(p.grabClasses).toEqual(['first', 'second'])
    expect(p.fareSeat).toBe(first)
    expect(p.grabVerdict?.outsideClasses).toEqual(['first'])
    expect(p).toMatchObject({ outside: true, needsReason: true, blocked: false })
  })
})

describe('the change form', () => {
  it('says why a ticket cannot be changed', () => {
    expect(changeBlockOf(passenger(1))).toBeNull()
    expect(changeBlockOf(passenger(1, { ticketActions: ['refund'], changeCount: 1 }))).toBe('train.change.blocked.once')
    expect(changeBlockOf(passenger(1, { ticketActions: [] }))).toBe('train.change.blocked.state')
  })
  it('asks for tickets, an adult with a child and the new station before asking for trains', () => {
    const order = ORDER({ passengers: [passenger(1), passenger(2, { passengerType: 'child' })] })
    expect(askChangeProblem(order, [], 'sameRoute', null)).toBe('train.change.pickTickets')
    expect(askChangeProblem(order, [2], 'sameRoute', null)).toBe('train.change.blocked.childAlone')
    expect(askChangeProblem(order, [1], 'destination', null)).toBe('train.change.pickStation')
    expect(askChangeProblem(order, [1, 2], 'destination', BJ)).toBeNull()
  })
  it('asks for a cause, and its text when the cause is other', () => {
    expect(changeCauseProblem(null, '')).toBe('train.change.pickCause')
    expect(changeCauseProblem('other', '  ')).toBe('train.change.enterCause')
    expect(changeCauseProblem('other', 'late meeting')).toBeNull()
  })
  const quote = (v: Partial<ChangeQuote> = {}): ChangeQuote => ({
    seatType: 'second',
    newFareFen: 60000,
    oldFareFen: 55300,
    changeFeeFen: 0,
    differenceFen: 4700,
    left: 3,
    withinPolicy: true,
    ...v,
  })
  it('refuses a sold-out class and one outside the travel policy', () => {
    expect(quoteRefusal(quote({ left: 0 }))).toBe('train.common.soldOut')
    expect(quoteRefusal(quote({ withinPolicy: false }))).toBe('train.change.overPolicy')
    expect(quoteRefusal(quote())).toBeNull()
  })
  it('sends the stations of the chosen train, the difference seen and the cause text only for other', () => {
    const options = { passengerIds: [1], changeType: 'sameRoute' } as ChangeOptions
    const train = { trainCode: 'code-2', date: '2026-12-02', from: SH, to: BJ } as ChangeTrainOffer
    const req = saveChangeRequestOf('key-12345678', 7, options, { train, quote: quote() }, 'planChanged', 'ignored')
    expect(req).toEqual({
      idempotencyKey: 'key-12345678',
      orderId: 7,
      passengerIds: [1],
      changeType: 'sameRoute',
      cause: 'planChanged',
      causeText: '',
      trainCode: 'code-2',
      date: '2026-12-02',
      fromStationCode: SH.code,
      toStationCode: BJ.code,
      seatType: 'second',
      expectedDifferenceFen: 4700,
    })
    expect(saveChangeRequestOf('k', 7, options, { train, quote: quote() }, 'other', ' why ').causeText).toBe('why')
  })
})

describe('the order details', () => {
  it('lays the buttons out most wanted first', () => {
    expect(detailsActionsOf(ORDER({ actions: ['remove', 'refund', 'pay', 'change'] }))).toEqual(['pay', 'change', 'refund', 'remove'])
  })
  it('shows the ticket a passenger holds now: the changed one, else the issued one, else the copy in the order', () => {
    const order = ORDER()
    const p = passenger(1)
    expect(ticketNowOf(order, p, undefined)).toMatchObject({
      changed: null,
      carriage: '05',
      seatNo: '11F',
      ticketNo: 'E101',
      seatType: 'second',
      priceFen: 55300,
    })
    const issued = {
      passengerId: 1,
      name: '张三',
      passengerType: 'adult',
      ticketNo: 'E999',
      carriage: '07',
      seatNo: '02A',
      seatPosition: 'window',
      seatType: 'first',
      priceFen: 90000,
      ticketState: 'issued',
      changedTo: null,
    } as const
    expect(ticketNowOf(order, p, issued)).toMatchObject({ carriage: '07', seatNo: '02A', ticketNo: 'E999', seatType: 'first', priceFen: 90000 })
    const changedTo = {
      ...ORDER(),
      changeType: 'sameRoute',
      trainType: 'G',
      seatType: 'business',
      carriage: null,
      seatNo: null,
      seatPosition: null,
      ticketNo: null,
      priceFen: 120000,
    } as const
    expect(ticketNowOf(order, passenger(1, { changedTo }), issued)).toMatchObject({
      carriage: null,
      seatNo: null,
      position: null,
      ticketNo: 'E999',
      seatType: 'business',
      priceFen: 120000,
    })
  })
})
