import { useCallback } from 'react'
import { appState, useAppStore } from '@/store'
import { useQuery, type Query } from '@/lib/useQuery'

/**
 * useQuery whose last answer is kept in the store (persisted) under `key`: shown at once on the
 * next visit, and still shown when the network is gone (`offline` says so, `savedAt` says when the
 * copy shown was kept). For what an attendee needs at the door: the attendance code, the schedule,
 * the home entries. On H5 the page itself reloads offline from the service worker
 * (src/service-worker/sw.ts); this copy is its data.
 */
export function useOfflineQuery<T>(key: string | null, fetcher: () => Promise<T>): Query<T> & { offline: boolean; savedAt: number | null } {
  const copy = useAppStore((s) => (key ? s.offlineCopies[key] : undefined))
  const fetchAndKeep = useCallback(
    () =>
      fetcher().then((data) => {
        if (key) appState().keepOfflineCopy(key, data)
        return data
      }),
    [fetcher, key],
  )
  const q = useQuery<T>(key, fetchAndKeep, {
    // shown at once, fetched again all the same (fetchedAt null: never fresh)
    peek: () => (copy ? { data: copy.data as T, fetchedAt: null } : undefined),
  })
  return { ...q, offline: q.status === 'error' && q.data !== undefined, savedAt: copy?.savedAt ?? null }
}
