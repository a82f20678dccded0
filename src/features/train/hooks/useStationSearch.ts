import { useEffect, useState } from 'react'
import type { Station } from '@contracts/calls/train/search'
import { RequestError } from '@/lib/request'
import { searchStations } from '../api/stations'

/** what the attendee types settles for this long before the server is asked */
export const SEARCH_DEBOUNCE_MS = 250

/**
 * The stations matching what the attendee typed (queryTrainStation, at most 20 characters), asked
 * once typing settles; null while nothing is typed. `keep` narrows the server's answer (the event's
 * allowed cities, not the old station …); a change of `keep` must be a new function (useCallback /
 * useMemo) to ask again. An answer that arrives after the text changed is dropped.
 */
export function useStationSearch(typed: string, keep?: (found: Station[]) => Station[]): Station[] | null {
  const [found, setFound] = useState<Station[] | null>(null)
  useEffect(() => {
    const keyword = typed.trim().slice(0, 20)
    if (!keyword) return setFound(null)
    let stale = false
    const timer = setTimeout(() => {
      searchStations(keyword).then(
        (stations) => {
          if (!stale) setFound(keep ? keep(stations) : stations)
        },
        (e: unknown) => {
          if (!(e instanceof RequestError)) throw e
        },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [typed, keep])
  return found
}
