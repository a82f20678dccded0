/**
 * The air numbers the screens need before the server has answered (which passenger type a birth
 * date makes, what the insurance adds to the price shown). They mirror the server's air rules
 * (server/src/air/rules/air-rules.ts), which decide: a booking whose total differs from what the
 * screen showed is refused with the new total (EAIR1010), never charged silently.
 */
export const AIR_CLIENT_RULES = {
  /** spec §9: accident insurance 20 yuan per passenger */
  insuranceFen: 2000,
  /** spec §5: infants from 14 days … */
  infantMinDays: 14,
  /** … to under 2 years */
  infantMaxYears: 2,
  /** children from 2 to under 12 years; adults from 12 */
  childMaxYears: 12,
  /** passengers per order */
  maxPassengers: 9,
  /** remark length */
  remarkMax: 200,
  /** how many recent searches the inquiry page keeps */
  recentSearches: 6,
  /** how far ahead the date picker offers (the server's sale horizon answers EAIR1002 beyond it) */
  dateHorizonDays: 365,
} as const
