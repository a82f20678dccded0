/**
 * Recent searches on the train home page: the newest first, one entry per route (a repeated
 * route moves to the front), at most RECENT_SEARCH_LIMIT. Kept in the store (persisted), so they
 * survive a restart of the app.
 */
import type { TrainRecentSearch } from '@/store/trainSlice'

export const RECENT_SEARCH_LIMIT = 6

export function rememberSearch(list: readonly TrainRecentSearch[], s: TrainRecentSearch, limit = RECENT_SEARCH_LIMIT): TrainRecentSearch[] {
  const same = (r: TrainRecentSearch) => r.from.code === s.from.code && r.to.code === s.to.code
  return [{ from: s.from, to: s.to }, ...list.filter((r) => !same(r))].slice(0, limit)
}
