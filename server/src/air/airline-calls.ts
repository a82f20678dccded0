/**
 * The airline calls of the air jobs, made with no transaction open (kernel/jobs/runner.ts
 * CallingJob): what a job asks (built from the rows in its prepare step) and what the airline
 * answered (applied in a new transaction). Every call is idempotent at the airline (by PNR or by
 * the refund or change number), so a retry after a failed apply asks again safely.
 */
import type { Deps } from '../deps'
import type { AfterSaleRequest, AfterSaleState } from './airline'

/** send a refund or change (not sent yet), or ask how it goes (and give back the change's new seats if it was rejected) */
export type AfterSaleAsk = { request: AfterSaleRequest } | { airlineRef: string; releaseOnReject: string | null }

export type AfterSaleAnswer = { requested: true } | { state: AfterSaleState }

export async function askAirline(deps: Pick<Deps, 'airline'>, ask: AfterSaleAsk): Promise<AfterSaleAnswer> {
  if ('request' in ask) {
    await deps.airline.requestAfterSale(ask.request)
    return { requested: true }
  }
  const state = await deps.airline.afterSale(ask.airlineRef)
  if (state.state === 'rejected' && ask.releaseOnReject) await deps.airline.release(ask.releaseOnReject)
  return { state }
}
