/**
 * A fake API server behind the fake Taro.request (./taroMock), answering like the real one:
 * HTTP 200 with { status: 200, msgId: '', msgText: '', data } or { status: 0, msgId, msgText, data: null }.
 *
 *   beforeEach(() => { resetTaroComponentMock(); installServer({ [guestLogin.path]: () => ok({...}) }) })
 *   serve({ [guestLogin.path]: () => fail('ELOG1001', '验证码错误') })   // change one answer in a test
 *
 * A handler may throw to make the request itself fail (network error). Calls to a path without a
 * handler answer ok(null) and are recorded like every other (see bodiesTo / urls).
 */
import * as nodeTimers from 'timers'
import { act } from '@testing-library/react'
import { failEnvelope, okEnvelope, type Envelope } from '@contracts/envelope'
import { taro } from './taroMock'

export type Handler = (body: Record<string, unknown>) => Envelope | Promise<Envelope>

/** the envelopes of the contract, built as the server builds them */
export const ok = (data: unknown): Envelope => okEnvelope(data)
export const fail = failEnvelope

let handlers: Record<string, Handler> = {}

export function installServer(h: Record<string, Handler> = {}): void {
  handlers = { ...h }
  taro.request.mockImplementation(async (o: { url: string; data: Record<string, unknown> }) => {
    const handler = handlers[o.url]
    const body = handler ? await handler(o.data) : ok(null)
    return { statusCode: 200, data: body, header: {}, cookies: [], errMsg: 'request:ok' }
  })
}

/** replaces some answers for the rest of the test */
export function serve(h: Record<string, Handler>): void {
  handlers = { ...handlers, ...h }
}

interface RequestOptions {
  url: string
  method: string
  data: Record<string, unknown>
  header: Record<string, string>
}
export const requests = (): RequestOptions[] => taro.request.mock.calls.map(([o]) => o as RequestOptions)
export const urls = (): string[] => requests().map((r) => r.url)
/** the bodies of the requests sent to `url`, in order */
export const bodiesTo = (url: string): Array<Record<string, unknown>> =>
  requests()
    .filter((r) => r.url === url)
    .map((r) => r.data)

/** the titles of every toast shown, in order */
export const toasts = (): string[] => taro.showToast.mock.calls.map(([o]) => o.title)

/**
 * Lets real time pass (Node's timers, which jest fake timers do not touch): Taro components render
 * on jsdom animation frames, which run on Node's timers.
 */
export const realDelay = (ms = 20): Promise<void> => act(() => new Promise<void>((resolve) => nodeTimers.setTimeout(resolve, ms)))

/**
 * Fake Date and setTimeout/setInterval only. Animation frames, microtasks and performance.now
 * (which Stencil schedules the Taro components' rendering with) stay real.
 */
export function useFakeClock(now?: number | string): void {
  jest.useFakeTimers({
    doNotFake: [
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'queueMicrotask',
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'performance',
      'hrtime',
    ],
  })
  if (now !== undefined) jest.setSystemTime(typeof now === 'string' ? Date.parse(now) : now)
}

// ---- fixtures (kept in ./fixtures, re-exported for the page tests) ----
export { EVENT, USER, eventWith } from './fixtures'

/**
 * Retries `assertion` in real time until it passes (or throws its last error). Unlike waitFor()
 * it never advances jest's fake clock, so a test can hold the time still while the page settles.
 */
export async function eventually(assertion: () => void, timeoutMs = 3000): Promise<void> {
  let lastError: unknown
  for (let waited = 0; waited <= timeoutMs; waited += 10) {
    try {
      assertion()
      return
    } catch (e) {
      lastError = e
    }
    await realDelay(10)
  }
  throw lastError
}
