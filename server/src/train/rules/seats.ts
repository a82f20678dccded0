/**
 * Seats of a train run as pure rules: which seats are free for a segment, which one a passenger
 * gets (honouring a seat letter or window/aisle wish when one is free), and what a seat index is
 * called on the ticket (carriage and seat number).
 *
 * A run's seats are numbered 0..capacity-1. Seats 0..othersSold-1 are the public's for the whole
 * route; ours are held for a segment of stops [fromIdx, toIdx): two holds on one seat clash only
 * when their segments overlap.
 */
import { positionOfLetter, SEAT_LETTERS, type SeatChoice, type SeatPosition, type SeatType } from '@contracts/train'

export interface Segment {
  fromIdx: number
  toIdx: number
}
export const overlaps = (a: Segment, b: Segment): boolean => a.fromIdx < b.toIdx && b.fromIdx < a.toIdx

/** seats not free for `seg`: the holds whose segment overlaps it */
export const occupiedSeats = (holds: Array<Segment & { seatIndex: number }>, seg: Segment): Set<number> =>
  new Set(holds.filter((h) => overlaps(h, seg)).map((h) => h.seatIndex))

/** how many seats are left for `seg` */
export const seatsLeft = (capacity: number, othersSold: number, occupied: Set<number>): number => {
  let taken = 0
  for (const s of occupied) if (s >= othersSold && s < capacity) taken++
  return Math.max(0, capacity - othersSold - taken)
}

/** seats per carriage by class (berths for sleepers) */
const PER_CAR: Record<SeatType, number> = { business: 30, first: 28, second: 90, softSleeper: 36, hardSleeper: 66, hardSeat: 118, noSeat: 100 }
const BERTHS: Partial<Record<SeatType, string[]>> = { softSleeper: ['L', 'U'], hardSleeper: ['L', 'M', 'U'] }

export interface SeatLabel {
  /** '05' */
  carriage: string
  /** '12F' (letter seats), '08L' (berth: L lower, M middle, U upper), '056' (hard seat), '' (standing) */
  seatNo: string
  position: SeatPosition | null
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/**
 * The carriage and seat of seat `index` of class `seatType` on a train carrying `classes` (in
 * the train's order: the carriages of the first class come first). `capacityOf` gives each
 * class's seats, to count its carriages.
 */
export function seatLabel(classes: readonly SeatType[], capacityOf: (s: SeatType) => number, seatType: SeatType, index: number): SeatLabel {
  let base = 1
  for (const c of classes) {
    if (c === seatType || c === 'noSeat') break
    base += Math.ceil(capacityOf(c) / PER_CAR[c])
  }
  if (seatType === 'noSeat') {
    // standing passengers are sold into the carriages of the cheapest seated class
    const seated = classes.filter((c) => c !== 'noSeat')
    const cheapest = seated[seated.length - 1]
    const cheapBase = cheapest ? seatLabelBase(classes, capacityOf, cheapest) : 1
    const cars = cheapest ? Math.ceil(capacityOf(cheapest) / PER_CAR[cheapest]) : 1
    return { carriage: pad(cheapBase + (index % cars)), seatNo: '', position: null }
  }
  const car = base + Math.floor(index / PER_CAR[seatType])
  const within = index % PER_CAR[seatType]
  const letters = SEAT_LETTERS[seatType]
  if (letters) {
    const letter = letters[within % letters.length]
    return { carriage: pad(car), seatNo: `${pad(Math.floor(within / letters.length) + 1)}${letter}`, position: positionOfLetter(letter) }
  }
  const berths = BERTHS[seatType]
  if (berths) return { carriage: pad(car), seatNo: `${pad(Math.floor(within / berths.length) + 1)}${berths[within % berths.length]}`, position: null }
  return { carriage: pad(car), seatNo: pad(within + 1, 3), position: null }
}

function seatLabelBase(classes: readonly SeatType[], capacityOf: (s: SeatType) => number, seatType: SeatType): number {
  let base = 1
  for (const c of classes) {
    if (c === seatType) break
    if (c !== 'noSeat') base += Math.ceil(capacityOf(c) / PER_CAR[c])
  }
  return base
}

/** whether seat `index` of the class fits a passenger's wish */
function fits(seatType: SeatType, index: number, choice: SeatChoice): boolean {
  const letters = SEAT_LETTERS[seatType]
  if (!letters) return true
  const letter = letters[(index % PER_CAR[seatType]) % letters.length]
  if (choice === 'window' || choice === 'aisle') return positionOfLetter(letter) === choice
  return letter === choice
}

/**
 * Seats for the passengers, one each, from the free ones (othersSold..capacity-1 not occupied):
 * a passenger's wish is honoured when such a seat is free, else they get the first free seat.
 * null when there are not enough free seats for all of them (an order is all or nothing).
 */
export function pickSeats(
  seatType: SeatType,
  capacity: number,
  othersSold: number,
  occupied: Set<number>,
  choices: Array<SeatChoice | null | undefined>,
): number[] | null {
  const free: number[] = []
  for (let i = othersSold; i < capacity; i++) if (!occupied.has(i)) free.push(i)
  if (free.length < choices.length) return null
  const taken = new Set<number>()
  const out: number[] = []
  for (const choice of choices) {
    const wished = choice ? free.find((i) => !taken.has(i) && fits(seatType, i, choice)) : undefined
    const seat = wished ?? free.find((i) => !taken.has(i))
    if (seat === undefined) return null
    taken.add(seat)
    out.push(seat)
  }
  return out
}
