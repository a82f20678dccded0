import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import type { PassengerType } from '@contracts/air'
import { AIR_CLIENT_RULES } from './rules'

dayjs.extend(customParseFormat)

/**
 * Passenger type on the day of departure (spec §5): an infant from 14 days to under 2 years, a
 * child to under 12, an adult from 12. 'tooYoung' under 14 days (cannot fly), null for a date that
 * is not a real one or lies after departure.
 */
export function passengerTypeOn(birthDate: string, departureDate: string): PassengerType | 'tooYoung' | null {
  const birth = dayjs(birthDate, 'YYYY-MM-DD', true)
  const dep = dayjs(departureDate.slice(0, 10), 'YYYY-MM-DD', true)
  if (!birth.isValid() || !dep.isValid() || birth.isAfter(dep, 'day')) return null
  if (dep.diff(birth, 'day') < AIR_CLIENT_RULES.infantMinDays) return 'tooYoung'
  const years = dep.diff(birth, 'year')
  if (years < AIR_CLIENT_RULES.infantMaxYears) return 'infant'
  if (years < AIR_CLIENT_RULES.childMaxYears) return 'child'
  return 'adult'
}
