/**
 * What a change of issued train tickets may be and what it costs (spec §4 change policy, §9 fees
 * and hours): the checks on the chosen tickets and the new segment, the quote of a seat class (new
 * fares, fee, difference), and the options of a change (changeOptions). ticket-change.ts saves a
 * change with them.
 */
import type { ChangeOptions, ChangeOptionsRequest, ChangeQuote } from '@contracts/calls/train'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import { trainOrders } from '../../kernel/db/schema'
import type { StoredRoute } from './tables'
import { AppError } from '../../kernel/errors'
import { changeFeePercent, changeOpen, changeProblem, feeFen, hhmm, trainRules, type TrainRules } from '../rules/train-rules'
import { toShanghaiIso } from '../../kernel/time/time'
import { stationByCode } from '../railway/stations'
import { childFareFen } from '../railway/timetable'
import { loadOwned, type Owner } from '../../kernel/db/owned'
import { orderParts, type OrderWithParts } from '../repositories/orders'
import { searchTrains } from '../search'
import { changeable, ticketRouteView, type TicketNow } from '../orders/tickets'
import { chosenTickets, requireOpen, sumOf } from './aftersales'

interface ChangeTarget {
  tickets: TicketNow[]
  current: StoredRoute
}

const cityOf = (code: string): string | undefined => stationByCode(code)?.cityName

/** the rules of spec §4 for changing the chosen tickets now */
export function checkChange(r: TrainRules, parts: OrderWithParts, body: Pick<ChangeOptionsRequest, 'passengerIds'>, now: Date): ChangeTarget {
  const tickets = chosenTickets(parts, body.passengerIds)
  for (const t of tickets) {
    const why = changeProblem(r, changeable(t), now)
    if (why) throw new AppError(why, 200, { open: hhmm(r.changeOpensMinute), close: hhmm(r.changeClosesMinute) })
  }
  // spec §4: a child ticket is never changed alone: its adult (of this order) changes with it
  if (tickets.some((t) => t.passenger.passengerType === 'child') && !tickets.some((t) => t.passenger.passengerType === 'adult'))
    throw new AppError('ETRAIN1093')
  return { tickets, current: tickets[0].route }
}

/**
 * Whether a new segment fits the change type: sameRoute keeps the trip's cities (any of their
 * stations, as the railway changes between stations of one city); destination keeps the boarding
 * station and arrives elsewhere.
 */
export function requireFits(changeType: ChangeOptionsRequest['changeType'], current: StoredRoute, fromCode: string, toCode: string): void {
  if (changeType === 'destination') {
    if (toCode === current.toCode) throw new AppError('ETRAIN1097')
    if (fromCode !== current.fromCode) throw new AppError('ETRAIN1103')
  } else if (cityOf(fromCode) !== cityOf(current.fromCode) || cityOf(toCode) !== cityOf(current.toCode)) throw new AppError('ETRAIN1103')
}

/** what moving these tickets to a seat class of a train costs: new fares (children half), fee, difference */
export function quoteOf(
  r: TrainRules,
  tickets: TicketNow[],
  adultFareFen: number,
  newDepartAt: Date,
  now: Date,
): Omit<ChangeQuote, 'seatType' | 'left' | 'withinPolicy'> & { newPrices: number[] } {
  const newPrices = tickets.map((t) => (t.passenger.passengerType === 'child' ? childFareFen(adultFareFen) : adultFareFen))
  const oldFareFen = sumOf(tickets.map((t) => t.priceFen))
  const newFareFen = sumOf(newPrices)
  const changeFeeFen = sumOf(tickets.map((t) => feeFen(r, t.priceFen, changeFeePercent(r, t.departAt, newDepartAt, now))))
  return { newPrices, oldFareFen, newFareFen, changeFeeFen, differenceFen: newFareFen - oldFareFen + changeFeeFen }
}

export async function changeOptions(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>,
  owner: Owner,
  body: ChangeOptionsRequest,
  lang: Lang,
): Promise<ChangeOptions> {
  const order = await loadOwned(deps.db, trainOrders, body.orderId, owner)
  requireOpen(order, 'ETRAIN1095')
  const now = deps.now()
  const r = trainRules(order.rulesProfile)
  const { tickets, current } = checkChange(r, await orderParts(deps.db, order), body, now)
  const destination = body.changeType === 'destination'
  if (destination) requireFits('destination', current, current.fromCode, body.toStationCode ?? current.toCode)
  const found = destination
    ? await searchTrains(deps, owner, { fromStationCode: current.fromCode, toStationCode: body.toStationCode!, date: body.date, wholeCity: false }, lang, [
        cityOf(current.toCode) ?? '',
      ])
    : await searchTrains(deps, owner, { fromStationCode: current.fromCode, toStationCode: current.toCode, date: body.date, wholeCity: true }, lang)
  const currentDepart = toShanghaiIso(new Date(current.departAt))
  const trains = found.trains
    // the ticket's own train and segment is no change: it is left out
    .filter((t) => !(t.trainCode === current.trainCode && t.departAt === currentDepart && t.to.code === current.toCode))
    .filter((t) => t.bookable)
    .map((t) => ({
      ...t,
      quotes: t.seats
        .filter((s) => s.left >= tickets.length)
        .map((s): ChangeQuote => {
          const { newPrices: _p, ...q } = quoteOf(r, tickets, s.priceFen, new Date(t.departAt), now)
          return { seatType: s.seatType, left: s.left, withinPolicy: s.withinPolicy, ...q }
        }),
    }))
  return {
    orderId: order.id,
    passengerIds: tickets.map((t) => t.passenger.id),
    changeType: body.changeType,
    current: ticketRouteView(current),
    from: found.from,
    to: found.to,
    date: body.date,
    trains,
    // the tier for a later train (the latest instant a Date holds): earlier ones cost nothing
    changeFeePercent: changeFeePercent(r, tickets[0].departAt, new Date(8.64e15), now),
    changeOpens: hhmm(r.changeOpensMinute),
    changeCloses: hhmm(r.changeClosesMinute),
    changeOpenNow: changeOpen(r, now),
    serverNow: toShanghaiIso(now),
  }
}
