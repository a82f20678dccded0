/**
 * What an air ticket change may be and what it costs: the passengers that may change, the figures
 * of a change to one cabin of a new flight (fee, fare difference, amount due and given back), and
 * the flights a ticket may be changed to (rebookList). ticket-change.ts makes the change with them.
 */
import type { AirAfterSaleType, ChangeLine, FareBreakdown, FindRebookListRequest, RebookListView, TicketChangeRequest } from '@contracts/calls/flight'
import type { Deps } from '../deps'
import { AIR_RULES, changeBackFen, changeFigures, faresFor, termAt } from './rules/air-rules'
import { AppError } from '../kernel/errors'
import type { FareRule, FlightOffer } from './airline'
import { loadOwnedAirOrder, passengersOf, type AirOrderRow, type AirPassengerRow } from './repositories/air'
import type { Owner } from '../kernel/db/owned'
import { checkDate, flightView, isBookable, routeKindOf } from './search'
import { NO_TERM, cabinOf, fareOf, isValidTicket, pick, requireEvent, ruleKey, rulesOf, segmentOf } from './aftersales'

export interface ChangePlan {
  offer: FlightOffer
  cabinCode: string
  lines: ChangeLine[]
  newFares: Record<string, FareBreakdown>
  feeFen: number
  fareDiffFen: number
  dueFen: number
  backFen: number
}

/** the passengers to change must all hold valid, not yet changed tickets on one flight */
export function changeable(o: AirOrderRow, picked: AirPassengerRow[]): void {
  for (const p of picked) if (!isValidTicket(p) || p.changeCount >= AIR_RULES.maxChangesPerTicket) throw new AppError('EAIR1040', 200, { name: p.name })
  const first = segmentOf(o, picked[0])
  if (picked.some((p) => segmentOf(o, p).flightNo !== first.flightNo || segmentOf(o, p).date !== first.date))
    throw new AppError('EAIR1040', 200, { name: picked[picked.length - 1].name })
}

/** the change's figures per passenger for one cabin of a new flight */
export function planFor(
  o: AirOrderRow,
  picked: AirPassengerRow[],
  rule: FareRule | null,
  offer: FlightOffer,
  cabinCode: string,
  type: AirAfterSaleType,
  now: Date,
): ChangePlan | null {
  const cabin = offer.cabins.find((c) => c.cabinCode === cabinCode)
  if (!cabin) return null
  const fares = faresFor(cabin.adultFareFen, offer.fullFareFen, offer.distanceKm, routeKindOf(offer.dep, offer.arr))
  const current = segmentOf(o, picked[0])
  const term = rule ? termAt(rule.change, Date.parse(current.dep.time) - now.getTime()) : NO_TERM(Date.parse(current.dep.time) - now.getTime())
  const lines: ChangeLine[] = []
  const newFares: Record<string, FareBreakdown> = {}
  for (const p of picked) {
    const old = fareOf(p)
    const fresh = fares[p.passengerType]
    const f = changeFigures(old.fareFen, fresh.fareFen, term, type)
    if (!f.allowed) return null
    // the ticket is worth what is paid for it in the end: the new fare, or the old one when a lower fare gave nothing back
    newFares[String(p.id)] = {
      ...fresh,
      fareFen: f.newTicketFareFen,
      totalFen: f.newTicketFareFen + fresh.taxFen + fresh.fuelFeeFen + fresh.constructionFeeFen,
    }
    lines.push({
      passengerId: p.id,
      name: p.name,
      passengerType: p.passengerType,
      ticketNo: p.ticketNo,
      segment: current,
      cabinCode: cabinOf(o, p),
      fareFen: old.fareFen,
      window: term.window,
      feePercent: f.feePercent,
      feeFen: f.feeFen,
      fareDiffFen: f.fareDiffFen,
      dueFen: f.dueFen,
      backFen: f.backFen,
    })
  }
  const sum = (k: 'feeFen' | 'fareDiffFen' | 'dueFen') => lines.reduce((s, l) => s + l[k], 0)
  return { offer, cabinCode, lines, newFares, feeFen: sum('feeFen'), fareDiffFen: sum('fareDiffFen'), dueFen: sum('dueFen'), backFen: changeBackFen(lines) }
}

export const changeAllowedNow = (o: AirOrderRow, picked: AirPassengerRow[], rule: FareRule | null, type: AirAfterSaleType, now: Date) =>
  type === 'involuntary' || (rule ? termAt(rule.change, Date.parse(segmentOf(o, picked[0]).dep.time) - now.getTime()).allowed : false)

/** the change costs what the attendee saw (EAIR1035) and gives back what they saw (EAIR1049, when they sent it) */
export function requireAmountsSeen(plan: ChangePlan, body: Pick<TicketChangeRequest, 'expectedDueFen' | 'expectedBackFen'>): void {
  if (plan.dueFen !== body.expectedDueFen) throw new AppError('EAIR1035', 200, { amount: (plan.dueFen / 100).toFixed(2) })
  if (body.expectedBackFen !== undefined && plan.backFen !== body.expectedBackFen)
    throw new AppError('EAIR1049', 200, { amount: (plan.backFen / 100).toFixed(2) })
}

/** findRebookList: the same route's other flights on a date, with fee and fare difference */
export async function rebookList(deps: Pick<Deps, 'db' | 'now' | 'airline'>, owner: Owner, body: FindRebookListRequest): Promise<RebookListView> {
  const now = deps.now()
  checkDate(body.date, now)
  const o = await loadOwnedAirOrder(deps.db, body.orderId, owner)
  requireEvent(o, 'changeRequested')
  const picked = pick(await passengersOf(deps.db, o.id), body.passengerIds)
  changeable(o, picked)
  const current = segmentOf(o, picked[0])
  const rule = (await rulesOf(deps, o, picked.slice(0, 1))).get(ruleKey(current, cabinOf(o, picked[0]))) ?? null
  if (!changeAllowedNow(o, picked, rule, body.type, now)) return { flights: [], changeAllowed: false }
  const seatsNeeded = picked.filter((p) => p.passengerType !== 'infant').length
  const offers = await deps.airline.searchFlights(current.depAirport, current.arrAirport, body.date)
  const flights = []
  for (const offer of offers) {
    if (offer.flightNo === current.flightNo && offer.date === current.date) continue
    const cabins = []
    if (isBookable(offer, now)) {
      for (const c of offer.cabins) {
        if (c.cabinClass !== o.cabinClass || c.seatsLeft < seatsNeeded) continue
        const plan = planFor(o, picked, rule, offer, c.cabinCode, body.type, now)
        if (!plan) continue
        cabins.push({
          cabinCode: c.cabinCode,
          cabinClass: c.cabinClass,
          discount: c.discount,
          seatsLeft: c.seatsLeft,
          adultFareFen: c.adultFareFen,
          lines: plan.lines,
          feeFen: plan.feeFen,
          fareDiffFen: plan.fareDiffFen,
          dueFen: plan.dueFen,
          backFen: plan.backFen,
        })
      }
    }
    cabins.sort((a, b) => a.dueFen - b.dueFen || a.adultFareFen - b.adultFareFen)
    flights.push({ flight: flightView(offer, now), cabins })
  }
  return { flights, changeAllowed: true }
}
