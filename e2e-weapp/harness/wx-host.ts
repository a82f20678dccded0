/* eslint-disable @typescript-eslint/no-explicit-any -- options and results are WeChat's loosely typed objects, passed to and from compiled code */
/**
 * What the simulated `wx` needs of the mini-program around it (WxHost), what it records and what a
 * test queues for it to answer, and WeChat's way of answering an async API.
 */
import type * as phone from './device'

export type NavKind = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'navigateBack' | 'switchTab'

export interface WxCall {
  api: string
  args: any
  page: string
}

/** answers the test queues for the next call of an interactive API */
export interface Answers {
  /** showModal: true = confirm (default), false = cancel */
  modal: boolean[]
  /** scanCode: the scanned text; null = the user cancelled (default when empty) */
  scanCode: Array<string | null>
  /** requestPayment: true = paid (default), false = the user cancelled */
  payment: boolean[]
  /** showActionSheet: the tapped index; -1 = cancelled (default 0) */
  actionSheet: number[]
  /** chooseImage / chooseMessageFile: the file the user picks (a temp file of the phone); null or none = cancelled */
  files: Array<{ name: string; bytes: Buffer } | null>
  /** requestSubscribeMessage: what the user answers for every template asked (default accept); 'fail' = the call fails */
  subscribe: Array<'accept' | 'reject' | 'fail'>
}

export interface WxHost {
  device: phone.Device
  /** where requests for HARNESS_API_ORIGIN really go: the test server */
  apiOrigin: string
  /** runs app code later, as WeChat runs callbacks: on the timer queue, errors reported */
  later(fn: () => void, ms?: number): void
  record(call: Omit<WxCall, 'page'>): void
  problem(kind: 'request' | 'unsimulated' | 'storage', message: string): void
  navigate(kind: NavKind, opts: any): Promise<void>
  requestStarted(): void
  requestEnded(): void
  answers: Answers
  /** true while a tap is being dispatched: WeChat shows some prompts (requestSubscribeMessage) only then */
  inTap(): boolean
  launchOptions(): any
  /** the toast and loading on screen and the last modal shown, for tests */
  ui: { toast: string | null; loading: string | null; modal: { title: string; content: string } | null }
  /** clipboard, scanned codes and the like that a later call reads back */
  clipboard: string
}

export type Callbacks = { success?: (r: any) => void; fail?: (e: any) => void; complete?: (r: any) => void }

/** WeChat's two ways to answer an async API: callbacks, or a promise when none is given */
export function answer(host: WxHost, api: string, opts: Callbacks | undefined, run: () => any | Promise<any>): Promise<any> | undefined {
  const o = opts ?? {}
  const wantsPromise = !o.success && !o.fail && !o.complete
  const settle = (ok: boolean, value: any) => {
    host.later(() => {
      if (ok) o.success?.(value)
      else o.fail?.(value)
      o.complete?.(value)
    })
  }
  const p = (async () => run())().then(
    (value) => {
      const res = { errMsg: `${api}:ok`, ...(value ?? {}) }
      settle(true, res)
      return res
    },
    (err) => {
      const res = { errMsg: `${api}:fail ${err instanceof Error ? err.message : String(err)}` }
      settle(false, res)
      throw res
    },
  )
  if (wantsPromise) return p
  p.catch(() => undefined)
  return undefined
}

/** a call as recorded: its options without the callbacks, copied as WeChat copies them */
export function recordCall(host: WxHost, api: string, args: any): void {
  host.record({ api, args: copy(stripCallbacks(args)) })
}

function copy<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v))
}

function stripCallbacks(o: any): any {
  if (!o || typeof o !== 'object') return o
  const { success: _s, fail: _f, complete: _c, ...rest } = o
  return rest
}
