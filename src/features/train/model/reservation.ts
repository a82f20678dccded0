/**
 * The reservation form (oneWayReservation; spec §5 train messages and children): who travels,
 * the contact, the agreement. The rules with numbers (heights, ages, the policy) are the server's
 * rules table: the form asks for what they need and shows the server's answer.
 */
import type { OrderPassengerInput, SaveTrainOrderRequest } from '@contracts/calls/train/orders'
import type { SeatOffer } from '@contracts/calls/train/search'
import type { Traveller } from '@contracts/calls/train/travellers'
import type { PolicyVerdict } from '@contracts/calls/travel'
import type { ChildRule, SeatType } from '@contracts/train'
import { isMobile } from '@contracts/validation'
import type { MessageKey } from '../i18n'
import { newIdempotencyKey } from '@/lib/idempotency'
import type { TrainDraft, TrainDraftPassenger } from '@/store/trainSlice'
import { chosenGrabClasses, grabClassChoices, grabPolicyVerdict, type GrabPolicyVerdict } from './grab'

/** the railway sells at most this many tickets per order (the contract's 1-5 passengers) */
export const MAX_PASSENGERS = 5

/** a height a person can have, in whole cm: a typo (1.2 for 120, 1200) is caught before the server */
const PLAUSIBLE_HEIGHT_CM = /^(?:[3-9]\d|1\d\d|2[0-4]\d)$/

export interface ReservationTarget {
  trainCode: string
  date: string
  fromStationCode: string
  toStationCode: string
  seatType: SeatType
}

/** one draft per train, date, segment and seat class: coming back to the same one keeps what was typed */
export const draftKeyOf = (t: ReservationTarget): string => [t.trainCode, t.date, t.fromStationCode, t.toStationCode, t.seatType].join('|')

export const emptyDraft = (key: string, contact: { name: string; mobile: string }): TrainDraft => ({
  key,
  passengers: [],
  contactName: contact.name,
  contactMobile: contact.mobile,
  agreed: false,
  overPolicyReason: '',
  idempotencyKey: newIdempotencyKey(),
})

/** the first thing wrong, in the order of spec §5 and of the screen, or null */
export function validateReservation(d: TrainDraft, opts: { childRule: ChildRule; needsReason: boolean }): MessageKey | null {
  if (!d.passengers.length) return 'train.reserve.selectPassenger'
  if (d.passengers.length > MAX_PASSENGERS) return 'train.reserve.tooManyPassengers'
  // spec §5: children cannot travel alone
  if (!d.passengers.some((p) => p.passengerType === 'adult')) return 'train.reserve.childAlone'
  if (opts.childRule === 'height') {
    for (const p of d.passengers) {
      if (p.passengerType !== 'child') continue
      if (!p.heightCm.trim()) return 'train.reserve.enterHeight'
      if (!PLAUSIBLE_HEIGHT_CM.test(p.heightCm.trim())) return 'train.reserve.heightInvalid'
    }
  }
  if (!d.contactName.trim()) return 'train.reserve.enterContact'
  if (!d.contactMobile.trim()) return 'train.reserve.enterContactMobile'
  if (!isMobile(d.contactMobile)) return 'train.reserve.mobileInvalid'
  if (opts.needsReason && !d.overPolicyReason.trim()) return 'train.reserve.enterReason'
  if (!d.agreed) return 'train.reserve.agreeFirst'
  return null
}

const passengerInputOf = (p: TrainDraftPassenger, childRule: ChildRule): OrderPassengerInput => ({
  travellerId: p.travellerId,
  passengerType: p.passengerType,
  ...(p.passengerType === 'child' && childRule === 'height' ? { heightCm: Number(p.heightCm.trim()) } : {}),
  ...(p.seatChoice ? { seatChoice: p.seatChoice } : {}),
})

export function saveOrderRequestOf(t: ReservationTarget, d: TrainDraft, childRule: ChildRule): SaveTrainOrderRequest {
  return {
    idempotencyKey: d.idempotencyKey,
    ...t,
    passengers: d.passengers.map((p) => passengerInputOf(p, childRule)),
    contactName: d.contactName.trim(),
    contactMobile: d.contactMobile.trim(),
    agreed: d.agreed,
    ...(d.overPolicyReason.trim() ? { overPolicyReason: d.overPolicyReason.trim() } : {}),
  }
}

/** the fare shown before submitting: each passenger's ticket at the adult or child price */
export function fareFen(passengers: readonly TrainDraftPassenger[], seat: { priceFen: number; childPriceFen: number }): number {
  return passengers.reduce((sum, p) => sum + (p.passengerType === 'child' ? seat.childPriceFen : seat.priceFen), 0)
}

/**
 * A tap on a saved traveller: chosen (with their own ticket kind) or taken out again; a traveller
 * whose documents failed the railway's audit, or a sixth passenger, is refused with the text to toast.
 */
export function pickTraveller(
  passengers: readonly TrainDraftPassenger[],
  x: Traveller,
): { passengers: TrainDraftPassenger[] } | { refused: 'train.reserve.auditFailed' | 'train.reserve.tooManyPassengers' } {
  if (x.auditStatus === 'failed') return { refused: 'train.reserve.auditFailed' }
  if (passengers.some((p) => p.travellerId === x.id)) return { passengers: passengers.filter((p) => p.travellerId !== x.id) }
  if (passengers.length >= MAX_PASSENGERS) return { refused: 'train.reserve.tooManyPassengers' }
  return { passengers: [...passengers, { travellerId: x.id, passengerType: x.passengerType, heightCm: '', seatChoice: null }] }
}

/** what the travel policy's verdict means for the form: the grab's classes, the breaches, whether it may be sent */
export interface ReservationPolicy {
  /** the classes a grab may wait for, and those chosen in order of preference (empty when not a grab) */
  grabOffered: SeatType[]
  grabClasses: SeatType[]
  grabVerdict: GrabPolicyVerdict | null
  outside: boolean
  blocked: boolean
  needsReason: boolean
  breaches: PolicyVerdict['breaches']
  /** the seat whose fare the total shows: a grab's first choice (the order made shows the class that got seats) */
  fareSeat: SeatOffer
}

/**
 * The verdict (trainOrderVerify, asked for the tapped class) applied to this reservation: a grab may
 * wait for several sold-out classes, and the verdict then covers them all (model/grab.ts).
 */
export function reservationPolicy(
  seats: readonly SeatOffer[],
  seat: SeatOffer,
  grabSeatTypes: readonly SeatType[] | undefined,
  v: PolicyVerdict | undefined,
): ReservationPolicy {
  const grab = seat.left <= 0
  const grabOffered = grab ? grabClassChoices(seats, seat.seatType, v?.overPolicy) : []
  const grabClasses = grab ? chosenGrabClasses(grabSeatTypes, grabOffered, seat.seatType) : []
  const grabVerdict = grab && v ? grabPolicyVerdict(v, grabClasses, seats, seat.seatType) : null
  const outside = grabVerdict ? grabVerdict.outside : !!v && !v.withinPolicy
  return {
    grabOffered,
    grabClasses,
    grabVerdict,
    outside,
    blocked: outside && v?.overPolicy === 'block',
    needsReason: outside && v?.overPolicy === 'reason',
    breaches: grabVerdict ? grabVerdict.breaches : (v?.breaches ?? []),
    fareSeat: (grab && seats.find((s) => s.seatType === grabClasses[0])) || seat,
  }
}
