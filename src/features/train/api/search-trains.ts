import { queryTrainTicket } from '@contracts/calls/train/search'
import type { TrainSearchRequest } from '@contracts/calls/train/search'
import { expandTrainList } from '@contracts/train-list'
import { callEarly, startEarly } from '@/lib/early'

/** the search body of the results page's address (its from, to and date), built one way for both callers */
export const trainSearchRequest = (from: string, to: string, date: string): TrainSearchRequest => ({ fromStationCode: from, toStationCode: to, date })

/**
 * the results page's search as TrainOffers (the answer names each station once: contracts/train-list.ts);
 * joins the one started at launch (searchTrainsEarly) when it asked the same
 */
export const fetchTrains = (req: TrainSearchRequest) => callEarly(queryTrainTicket, req).then(expandTrainList)

/**
 * H5, the app opened on the results page (src/app.ts): the search starts at launch, not after the
 * page's chunk has arrived and its login check has run (its first row is the page's
 * largest element, and so its largest contentful paint). Only for an address the page would search with; the page's own date check is
 * stricter (a real calendar day), and a search it would not make is simply never taken.
 */
export function searchTrainsEarly(query: Record<string, string | undefined>): void {
  const { from, to, date } = query
  if (!from || !to || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return
  startEarly(queryTrainTicket, trainSearchRequest(from, to, date))
}
