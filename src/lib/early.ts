import type { Call, RequestOf, ResponseOf } from '@contracts/call'
import { hideLoading, showLoading } from './feedback'
import { call, quietCall } from './request'

/**
 * Requests a page needs for its first screen, started at launch (src/app.ts) before the page's
 * code has arrived: on H5 each page is its own chunk, loaded only after app.js has run, and the
 * page then checks the login before it asks for anything. The train results page's search is
 * the largest thing on its screen (its largest contentful paint).
 *
 * An early request is quiet (no indicator, toast, modal or navigation: the page is not there yet
 * to show them or to be returned to). The page's own call takes its answer once (`callEarly`),
 * showing the loading indicator while it waits as its own call would; when the early request
 * failed, or there was none, the page makes its ordinary call, which shows whatever went wrong
 * the usual way. An answer nobody took within EARLY_TTL_MS is dropped, never shown later.
 */
export const EARLY_TTL_MS = 30_000

const started = new Map<string, { at: number; answer: Promise<unknown> }>()

const keyOf = (c: Call<unknown, unknown>, body: unknown) => `${c.path} ${JSON.stringify(body)}`

/** starts `c` with `body` now, for the page that will ask for exactly the same */
export function startEarly<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>, now = Date.now()): void {
  const key = keyOf(c, body)
  if (started.has(key)) return
  const answer = quietCall(c, body)
  answer.catch(() => undefined) // the page's own call shows the failure
  started.set(key, { at: now, answer })
}

/** the page's call: the early request's answer when one is on its way or came, else an ordinary call */
export async function callEarly<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>, now = Date.now()): Promise<ResponseOf<C>> {
  const key = keyOf(c, body)
  const early = started.get(key)
  started.delete(key)
  if (early && now - early.at < EARLY_TTL_MS) {
    const indicator = c.loading !== false
    if (indicator) showLoading()
    try {
      return (await early.answer) as ResponseOf<C>
    } catch {
      // failed quietly: the ordinary call below says why (and retries once, as a page shown again would)
    } finally {
      if (indicator) hideLoading()
    }
  }
  return call(c, body)
}
