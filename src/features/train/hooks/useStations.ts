import type { StationList } from '@contracts/calls/train/search'
import { useQuery } from '@/lib/useQuery'
import { appState, useAppStore } from '@/store'
import { fetchStationList } from '../api/stations'

/** the station list changes with the railway's timetable, not by the minute: kept for half an hour */
const STATIONS_FRESH_MS = 30 * 60 * 1000

/** the pickers' station list, all stations or (limitCity) the event's allowed cities only */
export function useStationList(limited: boolean) {
  const token = useAppStore((s) => s.token) ?? ''
  const which = limited ? 'limited' : 'all'
  return useQuery<StationList>(
    `train:stations:${which}:${token}`,
    async () => {
      const list = await fetchStationList(limited)
      appState().setTrainStations(which, list)
      return list
    },
    { freshMs: STATIONS_FRESH_MS, peek: () => appState().trainStations[which] },
  )
}
