import type { TrainOffer } from '@contracts/calls/train/search'
import { useQuery } from '@/lib/useQuery'
import { appState } from '@/store'
import { fetchTrains } from '../api/search-trains'
import { isTravelDate } from '../model/dates'

/** the train of a page's address (trainCode, date, from, to; sfrom/sto: the search it came from) */
export interface TrainAddress {
  trainCode: string
  date: string
  from: string
  to: string
  sfrom: string
  sto: string
}

export function trainAddressOf(p: Record<string, string | undefined>): TrainAddress | null {
  if (!p.trainCode || !p.from || !p.to || !isTravelDate(p.date)) return null
  return { trainCode: p.trainCode, date: p.date, from: p.from, to: p.to, sfrom: p.sfrom || p.from, sto: p.sto || p.to }
}

const isThe =
  (a: TrainAddress) =>
  (t: TrainOffer | null | undefined): t is TrainOffer =>
    !!t && t.trainCode === a.trainCode && t.date === a.date && t.from.code === a.from && t.to.code === a.to

/**
 * The train the attendee picked on the list (the store has it), or, after a reload or from a link,
 * the same train searched again: seats and prices are always the server's.
 */
export function useTrainOffer(a: TrainAddress | null) {
  return useQuery<TrainOffer | null>(
    a ? `train:offer:${a.trainCode}:${a.date}:${a.from}:${a.to}` : null,
    async () => {
      if (!a) return null
      const r = await fetchTrains({ fromStationCode: a.sfrom, toStationCode: a.sto, date: a.date })
      return r.trains.find(isThe(a)) ?? null
    },
    {
      // the list's copy is fresh for a minute: seats change, and the reservation asks again
      freshMs: 60_000,
      peek: () => {
        const picked = appState().trainPicked
        return a && isThe(a)(picked) ? { data: picked, fetchedAt: Date.now() } : undefined
      },
    },
  )
}
