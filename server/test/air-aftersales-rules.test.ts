/** Air after-sales rules: the status machine move by move, and the fees. Pure functions: no app, no database. */
import { AIR_ORDER_STATUSES } from '@contracts/air'
import { AIR_TRANSITIONS, actionsFor, changeUndoneEvent, transition, type AirOrderEvent } from '../src/air/rules/order-machine'
import { AIR_RULES, changeFigures, refundFigures } from '../src/air/rules/air-rules'

describe('the status machine, move by move', () => {
  // every allowed move; everything else must be refused
  const ALLOWED: Array<[string, AirOrderEvent, string]> = [
    ['new', 'priced', 'toBePaid'],
    ['new', 'cancelledByAttendee', 'cancelled'],
    ['new', 'payDeadlinePassed', 'cancelled'],
    ['toBePaid', 'paid', 'awaitingIssue'],
    ['toBePaid', 'payDeadlinePassed', 'cancelled'],
    ['toBePaid', 'cancelledByAttendee', 'cancelled'],
    ['awaitingIssue', 'ticketIssued', 'ticketed'],
    ['awaitingIssue', 'issueFailed', 'issueFailed'],
    ['ticketed', 'refundRequested', 'refunding'],
    ['ticketed', 'changeRequested', 'changing'],
    ['ticketed', 'flown', 'traveled'],
    ['refunding', 'refunded', 'refunded'],
    ['refunding', 'partiallyRefunded', 'partiallyRefunded'],
    ['refunding', 'refundRejected', 'retrograde'],
    ['changing', 'changeNeedsPayment', 'changeToBePaid'],
    ['changing', 'changed', 'changed'],
    ['changing', 'partiallyChanged', 'partiallyChanged'],
    ['changing', 'changeRejected', 'retrograde'],
    ['changeToBePaid', 'changePaid', 'changing'],
    ['changeToBePaid', 'changeCancelled', 'ticketed'],
    ['changeToBePaid', 'changeCancelledToPartiallyChanged', 'partiallyChanged'],
    ['changeToBePaid', 'changeCancelledToPartiallyRefunded', 'partiallyRefunded'],
    ['changeToBePaid', 'changeCancelledToRetrograde', 'retrograde'],
    ['changed', 'refundRequested', 'refunding'],
    ['changed', 'flown', 'traveled'],
    ['partiallyChanged', 'refundRequested', 'refunding'],
    ['partiallyChanged', 'changeRequested', 'changing'],
    ['partiallyChanged', 'flown', 'traveled'],
    ['partiallyRefunded', 'refundRequested', 'refunding'],
    ['partiallyRefunded', 'changeRequested', 'changing'],
    ['partiallyRefunded', 'flown', 'traveled'],
    ['retrograde', 'refundRequested', 'refunding'],
    ['retrograde', 'changeRequested', 'changing'],
    ['retrograde', 'flown', 'traveled'],
  ]
  const EVENTS = [...new Set(Object.values(AIR_TRANSITIONS).flatMap((m) => Object.keys(m)))] as AirOrderEvent[]

  it.each(AIR_ORDER_STATUSES.flatMap((s) => EVENTS.map((e) => [s, e] as const)))('%s + %s', (status, event) => {
    const allowed = ALLOWED.find(([s, e]) => s === status && e === event)
    expect(transition(status, event)).toBe(allowed ? allowed[2] : null)
  })

  it('the buttons follow the table: cancel only unticketed, refund/change where they may start, remove once ended', () => {
    expect(actionsFor('toBePaid')).toEqual(['pay', 'cancel'])
    expect(actionsFor('ticketed')).toEqual(['refund', 'change'])
    expect(actionsFor('changed')).toEqual(['refund'])
    expect(actionsFor('changeToBePaid')).toEqual(['payChange', 'cancelChange'])
    expect(actionsFor('awaitingIssue')).toEqual([])
    expect(actionsFor('refunding')).toEqual([])
    for (const s of ['refunded', 'cancelled', 'issueFailed', 'traveled'] as const) expect(actionsFor(s)).toEqual(['remove'])
  })

  it('an undone change goes back to where the order was', () => {
    for (const prior of ['ticketed', 'partiallyChanged', 'partiallyRefunded', 'retrograde'] as const)
      expect(transition('changeToBePaid', changeUndoneEvent(prior))).toBe(prior)
  })
})

describe('fees (pure rules)', () => {
  const fare = { fareFen: 1000_00, taxFen: 0, fuelFeeFen: 20_00, constructionFeeFen: 50_00, totalFen: 1070_00 }
  it('voluntary refund: percent of the fare, at least the minimum, taxes and insurance back; not allowed; fee over fare', () => {
    expect(refundFigures(fare, true, { window: 'over7Days', allowed: true, feePercent: 10 }, 'voluntary')).toMatchObject({
      feeFen: 100_00,
      taxesFen: 70_00,
      insuranceFen: 20_00,
      refundFen: 990_00,
      problem: null,
    })
    expect(refundFigures(fare, false, { window: 'over7Days', allowed: true, feePercent: 1 }, 'voluntary').feeFen).toBe(AIR_RULES.refundFeeMinFen)
    expect(refundFigures(fare, false, { window: 'over7Days', allowed: true, feePercent: 0 }, 'voluntary')).toMatchObject({ feeFen: 0, refundFen: 1070_00 })
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: false, feePercent: 100 }, 'voluntary')).toMatchObject({
      refundFen: 0,
      problem: 'notAllowed',
    })
    const cheap = { fareFen: 40_00, taxFen: 0, fuelFeeFen: 0, constructionFeeFen: 0, totalFen: 40_00 }
    expect(refundFigures(cheap, false, { window: 'under2Hours', allowed: true, feePercent: 20 }, 'voluntary')).toMatchObject({
      feeFen: 50_00,
      refundFen: 0,
      problem: 'feeOverFare',
    })
    // after departure the insurance has started: not paid back
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: true, feePercent: 30 }, 'voluntary').insuranceFen).toBe(0)
  })
  it('involuntary: no fee in any window', () => {
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: false, feePercent: 100 }, 'involuntary')).toMatchObject({
      feeFen: 0,
      refundFen: 1070_00,
      problem: null,
    })
    expect(changeFigures(1000_00, 1500_00, { window: 'under2Hours', allowed: false, feePercent: 100 }, 'involuntary')).toMatchObject({
      dueFen: 0,
      allowed: true,
    })
  })
  it('change: fee on the old fare, the fare difference only upwards, fees rounded up to a yuan', () => {
    expect(changeFigures(1000_00, 1200_00, { window: 'from2HoursTo7Days', allowed: true, feePercent: 5 }, 'voluntary')).toMatchObject({
      feeFen: 50_00,
      fareDiffFen: 200_00,
      dueFen: 250_00,
    })
    expect(changeFigures(1000_00, 800_00, { window: 'over7Days', allowed: true, feePercent: 0 }, 'voluntary')).toMatchObject({ dueFen: 0 })
    expect(changeFigures(333_33, 0, { window: 'over7Days', allowed: true, feePercent: 10 }, 'voluntary').feeFen).toBe(34_00)
  })
  it('change to a lower fare: the difference less the fee goes back; equal and dearer give nothing back; a fee larger than the difference leaves the rest to pay', () => {
    const term = { window: 'from2HoursTo7Days' as const, allowed: true, feePercent: 5 }
    expect(AIR_RULES.changeToLowerFareGivesBack).toBe(true)
    // cheaper: 1000 → 800, fee 50: 150 back, nothing to pay, the ticket now worth 800
    expect(changeFigures(1000_00, 800_00, term, 'voluntary')).toMatchObject({
      feeFen: 50_00,
      fareDiffFen: 0,
      dueFen: 0,
      backFen: 150_00,
      newTicketFareFen: 800_00,
    })
    expect(changeFigures(1000_00, 800_00, { ...term, feePercent: 0 }, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 200_00 })
    // equal: the fee only
    expect(changeFigures(1000_00, 1000_00, term, 'voluntary')).toMatchObject({ dueFen: 50_00, backFen: 0, newTicketFareFen: 1000_00 })
    // dearer: fee and difference
    expect(changeFigures(1000_00, 1000_01, term, 'voluntary')).toMatchObject({ fareDiffFen: 1, dueFen: 50_01, backFen: 0, newTicketFareFen: 1000_01 })
    // the fee larger than the difference: the fee's remainder to pay, nothing back
    expect(changeFigures(1000_00, 970_00, term, 'voluntary')).toMatchObject({ feeFen: 50_00, dueFen: 20_00, backFen: 0, newTicketFareFen: 970_00 })
    // the fee exactly the difference: nothing either way
    expect(changeFigures(1000_00, 950_00, term, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 0 })
    expect(changeFigures(1000_00, 949_99, term, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 1 })
    // involuntary: nothing back, the ticket keeps its value
    expect(changeFigures(1000_00, 800_00, term, 'involuntary')).toMatchObject({ dueFen: 0, backFen: 0, newTicketFareFen: 1000_00 })
  })
})
