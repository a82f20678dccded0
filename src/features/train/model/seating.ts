/** seatingPage (spec §2): what each passenger may ask for, by train type and seat class (contracts/train.ts). */
import { SEAT_LETTERS, hasSeatLetters, type SeatChoice, type SeatType, type TrainType } from '@contracts/train'

/** seat letters where the class has them (G/D/C seated classes), else a window/aisle wish; none for standing */
export function seatChoicesFor(trainType: TrainType, seatType: SeatType): SeatChoice[] {
  if (seatType === 'noSeat') return []
  if (hasSeatLetters(trainType, seatType)) return [...(SEAT_LETTERS[seatType] ?? [])] as SeatChoice[]
  return ['window', 'aisle']
}

/** a choice made for another seat class (the attendee went back and changed it) is dropped */
export const keepChoice = (choice: SeatChoice | null, allowed: readonly SeatChoice[]): SeatChoice | null => (choice && allowed.includes(choice) ? choice : null)
