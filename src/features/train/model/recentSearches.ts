/**
 * Recent searches on the train home page: the newest first, one entry per route (a repeated
 * route moves to the front), at most RECENT_SEARCH_LIMIT. Kept in the store (persisted), so they
 * survive a restart of the app.
 */
export interface StationRef {
  /** telegraph code, the code every railway call uses */
  code: string
  name: string
}

export interface RecentSearch {
  from: StationRef
  to: StationRef
}

export const RECENT_SEARCH_LIMIT = 6

export function rememberSearch(list: readonly RecentSearch[], s: RecentSearch, limit = RECENT_SEARCH_LIMIT): RecentSearch[] {
  const same = (r: RecentSearch) => r.from.code === s.from.code && r.to.code === s.to.code
  return [s, ...list.filter((r) => !same(r))].slice(0, limit)
}
