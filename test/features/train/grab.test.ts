/**
 * The grab class rules of the reservation screen (model/grab.ts): which sold-out classes are
 * offered under each policy mode, the order of preference as tapped, and the policy verdict of
 * several classes from the tapped class's verdict and each class's policy mark.
 */
import type { SeatOffer } from '@contracts/calls/train'
import type { PolicyVerdict } from '@contracts/calls/travel'
import { chosenGrabClasses, grabClassChoices, grabPolicyVerdict, toggleGrabClass } from '@/features/train/model/grab'

const seat = (seatType: SeatOffer['seatType'], left: number, withinPolicy: boolean): SeatOffer => ({
  seatType,
  priceFen: 10000,
  childPriceFen: 5000,
  left,
  withinPolicy,
})
const SEATS = [seat('business', 0, false), seat('first', 0, false), seat('second', 0, true), seat('noSeat', 4, true)]
const ok = (overPolicy: 'reason' | 'block', breaches: PolicyVerdict['breaches'] = []): PolicyVerdict => ({
  withinPolicy: breaches.length === 0,
  overPolicy,
  breaches,
})

describe('grabClassChoices', () => {
  it('the tapped class first, then the sold-out ones; with seats left a class is not offered', () => {
    expect(grabClassChoices(SEATS, 'second', 'reason')).toEqual(['second', 'business', 'first'])
  })
  it('outside the policy only when the event lets it through with a reason; the tapped one always', () => {
    expect(grabClassChoices(SEATS, 'second', 'block')).toEqual(['second'])
    expect(grabClassChoices(SEATS, 'first', 'block')).toEqual(['first', 'second'])
    expect(grabClassChoices(SEATS, 'second', undefined)).toEqual(['second'])
  })
})

describe('chosen classes', () => {
  it('kept in order, those no longer offered dropped, none kept: the tapped one', () => {
    expect(chosenGrabClasses(undefined, ['second', 'first'], 'second')).toEqual(['second'])
    expect(chosenGrabClasses(['first', 'second'], ['second', 'first'], 'second')).toEqual(['first', 'second'])
    expect(chosenGrabClasses(['business', 'first'], ['second', 'first'], 'second')).toEqual(['first'])
    expect(chosenGrabClasses(['business'], ['second'], 'second')).toEqual(['second'])
  })
  it('a tap adds last or takes out; the last one stays', () => {
    expect(toggleGrabClass(['second'], 'first')).toEqual(['second', 'first'])
    expect(toggleGrabClass(['second', 'first'], 'second')).toEqual(['first'])
    expect(toggleGrabClass(['first'], 'first')).toEqual(['first'])
  })
})

describe('grabPolicyVerdict', () => {
  const seatBreach = { rule: 'trainSeatType' as const, text: '一等座超标' }
  const routeBreach = { rule: 'route' as const, text: '路线超标' }
  it('inside: every class chosen within the policy and no breach of the train', () => {
    expect(grabPolicyVerdict(ok('reason'), ['second'], SEATS, 'second')).toMatchObject({
      outside: false,
      blocked: false,
      needsReason: false,
      outsideClasses: [],
    })
  })
  it('another class outside the policy: a reason under reason, blocked under block', () => {
    expect(grabPolicyVerdict(ok('reason'), ['second', 'first'], SEATS, 'second')).toMatchObject({
      outside: true,
      needsReason: true,
      blocked: false,
      outsideClasses: ['first'],
    })
    expect(grabPolicyVerdict(ok('block'), ['second', 'first'], SEATS, 'second')).toMatchObject({ outside: true, blocked: true })
  })
  it('the tapped class breach counts only while it is chosen; a breach of the train always', () => {
    expect(grabPolicyVerdict(ok('reason', [seatBreach]), ['first'], SEATS, 'first').breaches).toEqual([seatBreach])
    expect(grabPolicyVerdict(ok('reason', [seatBreach]), ['second'], SEATS, 'first')).toMatchObject({ outside: false, breaches: [] })
    expect(grabPolicyVerdict(ok('reason', [seatBreach, routeBreach]), ['second'], SEATS, 'first')).toMatchObject({ outside: true, breaches: [routeBreach] })
  })
})
