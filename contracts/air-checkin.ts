/**
 * Check-in advice of spec §9, one table for the client's order page and the server's air rules:
 * domestic flights: arrive 1-2 hours early, check-in closes 45 minutes before departure;
 * international flights: 2-3 hours early, closes 1 hour before. Flights to or from Hong Kong,
 * Macao and Taiwan are checked in as international ones (separate counters, border control).
 */
export const CHECK_IN_ADVICE = {
  domestic: { arriveEarlyHours: [1, 2], closesMinutesBefore: 45 },
  international: { arriveEarlyHours: [2, 3], closesMinutesBefore: 60 },
} as const

export type CheckInKind = keyof typeof CHECK_IN_ADVICE

/** 'CN' is the mainland (AirportView.countryCode); anything else makes the flight international */
export function checkInKind(depCountryCode: string, arrCountryCode: string): CheckInKind {
  return depCountryCode === 'CN' && arrCountryCode === 'CN' ? 'domestic' : 'international'
}

export interface CheckInTimes {
  kind: CheckInKind
  /** the earliest and latest advised arrival at the airport, epoch ms */
  arriveFromMs: number
  arriveByMs: number
  /** when check-in closes, epoch ms */
  closesAtMs: number
}

/** the advised times for a departure at `departureMs` (epoch ms) */
export function checkInTimes(kind: CheckInKind, departureMs: number): CheckInTimes {
  const a = CHECK_IN_ADVICE[kind]
  const hour = 3600_000
  return {
    kind,
    arriveFromMs: departureMs - a.arriveEarlyHours[1] * hour,
    arriveByMs: departureMs - a.arriveEarlyHours[0] * hour,
    closesAtMs: departureMs - a.closesMinutesBefore * 60_000,
  }
}
