import type { PolicyVerdict } from '@contracts/calls/travel'
import type { SeatOffer } from '@contracts/calls/train/search'
import type { SeatType } from '@contracts/train'

/**
 * A grab request (抢票) may wait for several seat classes of one train, in the attendee's order of
 * preference (the server books the first that gets seats: services/train-grabs.ts fulfilGrabs).
 * The rules the server applies, so the screen offers only what it will accept:
 * - only classes sold out now (one with seats left is booked, not grabbed: ETRAIN1051);
 * - a class outside the travel policy only when the event lets one through with a reason
 *   (overPolicy 'reason'); under 'block' it is not offered (ETRAIN1030). The tapped class is
 *   always there: it is what the attendee came for, and the verdict says whether it may be sent.
 */
export function grabClassChoices(seats: readonly SeatOffer[], tapped: SeatType, overPolicy: PolicyVerdict['overPolicy'] | undefined): SeatType[] {
  const others = seats.filter((s) => s.seatType !== tapped && s.left <= 0 && (s.withinPolicy || overPolicy === 'reason')).map((s) => s.seatType)
  return [tapped, ...others]
}

/**
 * The classes chosen, in order of preference, kept to those still offered (a class that got seats
 * meanwhile drops out); none kept: the tapped one.
 */
export function chosenGrabClasses(stored: readonly SeatType[] | undefined, offered: readonly SeatType[], tapped: SeatType): SeatType[] {
  const kept = (stored ?? [tapped]).filter((s) => offered.includes(s))
  return kept.length ? kept : [tapped]
}

/** a tap on a class: added last (the next preference), or taken out; the last one stays */
export function toggleGrabClass(chosen: readonly SeatType[], seatType: SeatType): SeatType[] {
  if (!chosen.includes(seatType)) return [...chosen, seatType]
  return chosen.length > 1 ? chosen.filter((s) => s !== seatType) : [...chosen]
}

export interface GrabPolicyVerdict {
  /** the verdict's breaches of the train itself (route, product) and of the tapped class when chosen */
  breaches: PolicyVerdict['breaches']
  /** the other chosen classes outside the policy (the verdict was asked for the tapped class only) */
  outsideClasses: SeatType[]
  outside: boolean
  blocked: boolean
  needsReason: boolean
}

/**
 * The policy verdict of a grab of several classes, from the tapped class's verdict (trainOrderVerify)
 * and each class's policy mark: the server checks every class the same way (checkOrderRequest).
 */
export function grabPolicyVerdict(verdict: PolicyVerdict, chosen: readonly SeatType[], seats: readonly SeatOffer[], tapped: SeatType): GrabPolicyVerdict {
  const breaches = verdict.breaches.filter((b) => b.rule !== 'trainSeatType' || chosen.includes(tapped))
  const outsideClasses = chosen.filter((s) => s !== tapped && seats.find((x) => x.seatType === s)?.withinPolicy === false)
  const outside = breaches.length > 0 || outsideClasses.length > 0
  return { breaches, outsideClasses, outside, blocked: outside && verdict.overPolicy === 'block', needsReason: outside && verdict.overPolicy === 'reason' }
}
