import type { AirPlace, AirRecentSearch } from '@/store'
import { AIR_CLIENT_RULES } from './rules'

/** the search first, the same route (either date) once, at most the rule's number */
export function addRecent(list: AirRecentSearch[], s: AirRecentSearch): AirRecentSearch[] {
  const same = (x: AirRecentSearch) => x.dep.code === s.dep.code && x.arr.code === s.arr.code
  return [s, ...list.filter((x) => !same(x))].slice(0, AIR_CLIENT_RULES.recentSearches)
}

/**
 * Whether a trip between two places is within the event's travel range (spec: a trip must start
 * or end in one of the range's cities); always true when the event sets no range.
 */
export function withinRange(dep: AirPlace, arr: AirPlace, rangeCities: string[]): boolean {
  if (rangeCities.length === 0) return true
  return rangeCities.includes(dep.cityZh) || rangeCities.includes(arr.cityZh)
}
