/**
 * Every number of the train rules (spec §4, §5, §9), one row per profile. 'spec' holds the spec's
 * numbers and is every event's default; 'railway2024' holds today's railway rules where they
 * differ (children by age 6-14 on real-name tickets, change fees since January 2024, sale hours
 * 05:00-01:00); an event chooses its row (travel_policies.train_rules_profile). Nothing else in
 * the code writes these numbers: the services ask the event's row.
 *
 * Times of day are minutes after 00:00 China time; a window may run past midnight (1500 = 01:00
 * the next day).
 */
import type { ChildRule, TrainTicketState } from '@contracts/train'

export type TrainRulesProfileId = 'spec' | 'railway2024'
export const TRAIN_RULES_PROFILE_IDS: readonly TrainRulesProfileId[] = ['spec', 'railway2024']

/** a fee tier: from `fromHours` before departure (inclusive) upwards, `percent` of the fare */
export interface FeeTier {
  fromHours: number
  percent: number
}

export interface TrainRules {
  id: TrainRulesProfileId
  /** spec §4/§9: an unpaid order is cancelled this long after it was saved */
  payMinutes: number
  /** spec §9: railway (online) ticketing hours, [open, close) */
  saleOpensMinute: number
  saleClosesMinute: number
  /** spec §4/§9: online change hours */
  changeOpensMinute: number
  changeClosesMinute: number
  /** days on sale, today included (the railway's pre-sale period) */
  preSaleDays: number
  /** online sale stops this long before the train leaves the boarding station */
  saleStopsMinutesBeforeDeparture: number
  /** the railway sells at most this many tickets per order */
  maxPassengersPerOrder: number
  /** spec §5 children */
  childRule: ChildRule
  /** height rule: under this rides free (one per adult); from it up to childTicketMaxCm a child ticket */
  childFreeBelowCm: number
  /** height rule: a child ticket up to and including this height; above it an adult ticket */
  childTicketMaxCm: number
  /** age rule: under this age rides free; from it a child ticket */
  childFreeBelowAge: number
  /** age rule: from this age an adult ticket */
  adultFromAge: number
  /** spec §5: children who ride free, per adult */
  freeChildrenPerAdult: number
  /** spec §9: refund fee tiers (highest fromHours first) */
  refundTiers: FeeTier[]
  /** fees round to this (the railway rounds to 0.5 yuan) and are at least minRefundFeeFen when not zero */
  feeRoundingFen: number
  minRefundFeeFen: number
  /** spec §9: online refund until this long before departure */
  onlineRefundCutoffMinutes: number
  /** spec §4: changes per ticket */
  maxChangesPerTicket: number
  /** change fee tiers (none in the spec; since January 2024 the railway charges by how late) */
  changeFeeTiers: FeeTier[]
  /** spec §9: the railway agent's fee per ticket (spec §3 "ticket fee") */
  ticketFeePerTicketFen: number
  /** the travel provider's service charge per ticket (spec §3 "service charge"; no number in the spec) */
  serviceChargePerTicketFen: number
  /** a grab request stops waiting this long before departure */
  grabStopsMinutesBeforeDeparture: number
}

const SPEC: TrainRules = {
  id: 'spec',
  payMinutes: 20,
  saleOpensMinute: 5 * 60,
  saleClosesMinute: 23 * 60,
  changeOpensMinute: 5 * 60,
  changeClosesMinute: 23 * 60,
  preSaleDays: 15,
  saleStopsMinutesBeforeDeparture: 30,
  maxPassengersPerOrder: 5,
  childRule: 'height',
  childFreeBelowCm: 120,
  childTicketMaxCm: 150,
  childFreeBelowAge: 6,
  adultFromAge: 14,
  freeChildrenPerAdult: 1,
  refundTiers: [
    { fromHours: 8 * 24, percent: 0 },
    { fromHours: 48, percent: 5 },
    { fromHours: 24, percent: 10 },
    { fromHours: 0, percent: 20 },
  ],
  feeRoundingFen: 50,
  minRefundFeeFen: 200,
  onlineRefundCutoffMinutes: 60,
  maxChangesPerTicket: 1,
  changeFeeTiers: [],
  ticketFeePerTicketFen: 500,
  serviceChargePerTicketFen: 0,
  grabStopsMinutesBeforeDeparture: 60,
}

export const TRAIN_RULES: Readonly<Record<TrainRulesProfileId, TrainRules>> = {
  spec: SPEC,
  railway2024: {
    ...SPEC,
    id: 'railway2024',
    // 12306 sells 05:00 to 01:00 the next day
    saleClosesMinute: 25 * 60,
    childRule: 'age',
    // since 2024-01-01: a change to a train leaving later than the original, made inside 8 days of
    // the original departure, costs what refunding would
    changeFeeTiers: [
      { fromHours: 8 * 24, percent: 0 },
      { fromHours: 48, percent: 5 },
      { fromHours: 24, percent: 10 },
      { fromHours: 0, percent: 20 },
    ],
  },
}

export const trainRules = (id: TrainRulesProfileId | null | undefined): TrainRules => TRAIN_RULES[id ?? 'spec'] ?? SPEC

const CHINA_OFFSET_MS = 8 * 3600_000

/** minutes after 00:00 China time of an instant */
export const chinaMinuteOfDay = (at: Date): number => Math.floor(((at.getTime() + CHINA_OFFSET_MS) % 86_400_000) / 60_000)

/** whether a minute of the day is inside [open, close), close may pass midnight (> 1440) */
export function insideHours(minute: number, open: number, close: number): boolean {
  if (close <= 1440) return minute >= open && minute < close
  return minute >= open || minute < close - 1440
}

export const onSale = (r: TrainRules, at: Date): boolean => insideHours(chinaMinuteOfDay(at), r.saleOpensMinute, r.saleClosesMinute)
export const changeOpen = (r: TrainRules, at: Date): boolean => insideHours(chinaMinuteOfDay(at), r.changeOpensMinute, r.changeClosesMinute)

/** the instant an order saved at `savedAt` is cancelled unless paid */
export const payDeadline = (r: TrainRules, savedAt: Date): Date => new Date(savedAt.getTime() + r.payMinutes * 60_000)
/** overdue from the deadline's own millisecond on: the deadline second is already too late */
export const isPastDeadline = (deadline: Date, at: Date): boolean => at.getTime() >= deadline.getTime()

/** 'HH:mm' of a minute of the day (1500 → '01:00') */
export const hhmm = (minute: number): string => {
  const m = ((minute % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** what ticket a child needs */
export type ChildTicket = 'free' | 'child' | 'adult'

/** by height (spec): under 120 cm free, 120-150 cm child ticket, above 150 cm adult ticket */
export function childTicketByHeight(r: TrainRules, heightCm: number): ChildTicket {
  if (heightCm < r.childFreeBelowCm) return 'free'
  if (heightCm <= r.childTicketMaxCm) return 'child'
  return 'adult'
}

/** by age on the travel date (today's railway): under 6 free, 6 to under 14 child ticket, 14 and over adult */
export function childTicketByAge(r: TrainRules, birthDate: string, travelDate: string): ChildTicket {
  const age = ageOn(birthDate, travelDate)
  if (age < r.childFreeBelowAge) return 'free'
  if (age < r.adultFromAge) return 'child'
  return 'adult'
}

/** whole years from a birth date ('YYYY-MM-DD') to a date: the birthday itself counts */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number)
  const [y, m, d] = date.split('-').map(Number)
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/**
 * A fee of `percent` on `fareFen`, rounded as the railway does (to the rules' step, 0.5 yuan: under
 * 0.25 down, 0.25 up to 0.75 to 0.5, 0.75 and over up), at least the minimum when not zero, never
 * more than the fare. Integer arithmetic: no binary fraction decides a boundary.
 */
export function feeFen(r: TrainRules, fareFen: number, percent: number): number {
  if (percent <= 0) return 0
  const step = r.feeRoundingFen * 100
  const rounded = Math.floor((fareFen * percent + step / 2) / step) * r.feeRoundingFen
  return Math.min(fareFen, Math.max(r.minRefundFeeFen, rounded))
}

/** the tier that applies `hoursBefore` departure (tiers from highest fromHours down) */
export function tierFor(tiers: FeeTier[], hoursBefore: number): FeeTier | undefined {
  return [...tiers].sort((a, b) => b.fromHours - a.fromHours).find((t) => hoursBefore >= t.fromHours)
}

/** the refund fee of a ticket of `fareFen` refunded `msBefore` departure */
export function refundFeeFen(r: TrainRules, fareFen: number, msBefore: number): number {
  const tier = tierFor(r.refundTiers, msBefore / 3600_000)
  return tier ? feeFen(r, fareFen, tier.percent) : fareFen
}

// ------------------------------------------------------------------------------------------------
// After-sales: when a ticket may be refunded or changed, and what it costs
// ------------------------------------------------------------------------------------------------

/** the last instant an online refund is taken (spec §9: 1 hour before departure; that instant included) */
export const refundableUntil = (r: TrainRules, departAt: Date): Date => new Date(departAt.getTime() - r.onlineRefundCutoffMinutes * 60_000)

/** the refund fee tier's percent `msBefore` departure (tiers at their lower edge: exactly 8 days is 0 %, exactly 48 h 5 %, exactly 24 h 10 %) */
export const refundPercent = (r: TrainRules, msBefore: number): number => tierFor(r.refundTiers, msBefore / 3600_000)?.percent ?? 100

export interface RefundableTicket {
  state: TrainTicketState
  /** departure of the ticket held (the changed one after a change) */
  departAt: Date
  paperTicketTaken: boolean
  /** when it was changed and when the train it was changed from left; null when never changed */
  changedAt: Date | null
  changedFromDepartAt: Date | null
}

/** why a ticket cannot be refunded online now (a msgId), or null (spec §4 and §9) */
export function refundProblem(r: TrainRules, t: RefundableTicket, now: Date): 'ETRAIN1084' | 'ETRAIN1082' | 'ETRAIN1085' | 'ETRAIN1081' | null {
  if (t.state !== 'issued' && t.state !== 'changed') return 'ETRAIN1084'
  if (t.paperTicketTaken) return 'ETRAIN1082'
  // spec §4: tickets changed before departure may be refunded, those changed after departure may not
  if (t.changedAt && t.changedFromDepartAt && t.changedAt.getTime() >= t.changedFromDepartAt.getTime()) return 'ETRAIN1085'
  if (now.getTime() > refundableUntil(r, t.departAt).getTime()) return 'ETRAIN1081'
  return null
}

export interface ChangeableTicket {
  state: TrainTicketState
  departAt: Date
  changeCount: number
  destinationChanged: boolean
}

/** why a ticket cannot be changed online now (a msgId), or null (spec §4: one change, none after a change of destination, 05:00-23:00) */
export function changeProblem(r: TrainRules, t: ChangeableTicket, now: Date): 'ETRAIN1091' | 'ETRAIN1090' | 'ETRAIN1095' | 'ETRAIN1094' | 'ETRAIN1092' | null {
  if (t.destinationChanged) return 'ETRAIN1091'
  if (t.changeCount >= r.maxChangesPerTicket) return 'ETRAIN1090'
  if (t.state !== 'issued') return 'ETRAIN1095'
  if (now.getTime() >= t.departAt.getTime()) return 'ETRAIN1094'
  if (!changeOpen(r, now)) return 'ETRAIN1092'
  return null
}

/**
 * The change fee's percent: none in the spec's profile; in railway2024 a change to a train that
 * leaves later than the old one costs the refund tier of the time left before the old departure.
 */
export function changeFeePercent(r: TrainRules, oldDepartAt: Date, newDepartAt: Date, now: Date): number {
  if (!r.changeFeeTiers.length || newDepartAt.getTime() <= oldDepartAt.getTime()) return 0
  return tierFor(r.changeFeeTiers, (oldDepartAt.getTime() - now.getTime()) / 3600_000)?.percent ?? 0
}
