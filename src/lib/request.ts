import Taro from '@tarojs/taro'
import { STATUS_OK, type Envelope } from '@contracts/envelope'
import { RAILWAY_TIMEOUT_MSG_IDS, SESSION_EXPIRED_MSG_IDS, SILENT_MSG_IDS, TOAST_AND_RETURN_MSG_IDS } from '@contracts/msg-handling'
import type { MsgId } from '@contracts/messages'
import type { AnyCall, Call, RequestOf, ResponseOf } from '@contracts/call'
import { appState } from '@/store'
import { alertOnce, hideLoading, showLoading, toast } from './feedback'
import { currentLanguage, t } from './i18n'
import { reLaunch, redirectTo } from './router/navigate'
import { hereAsReturn } from './router/returnTo'

/**
 * The one request client (spec §7, §8). Every call is a POST of `{...data, funcModule,
 * funcOperation}` with content-type, authorization and lang headers; the envelope is unwrapped and
 * every error rule of spec §8 is applied here, so feature code only sees data or a rejection.
 *
 * Features call a declaration from contracts/calls: `call(getUser, {})` gives the data;
 * `callResult(guestLogin, body)` also gives back the notices of spec §8 (EREG1036 …). The path,
 * the response type and the loading indicator come from the declaration.
 */

export const REQUEST_TIMEOUT_MS = 60000
export { TOAST_DURATION_MS } from './feedback'

/** empty for H5 (same origin as the server); the API origin for the mini-program (its /files/ too) */
export const API_BASE_URL = process.env.TARO_APP_API_BASE_URL ?? ''

export interface RequestOptions {
  /** false for the five calls marked * in spec §7 (a declaration's `loading`) */
  loading?: boolean
  /**
   * true: nobody waits for this call (a page view, the server half of a logout): no toast, no
   * modal, no navigation, whatever happens; the promise still says how it went
   */
  silent?: boolean
}
type ApiPath = AnyCall['path']

/** a msgId the caller gets back instead of data (EREG1036 silently; EREG1040/1030/1042 after a toast) */
export interface ReturnedNotice {
  kind: 'notice'
  msgId: string
  msgText: string
  envelope: Envelope<unknown>
}
export interface ReturnedData<T> {
  kind: 'data'
  data: T
}
export type RequestResult<T> = ReturnedData<T> | ReturnedNotice

export type RequestErrorKind = 'http' | 'network' | 'business' | 'session' | 'railway' | 'notice'
/** the call failed; the user has already been told (toast or modal) */
export class RequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly msgId: string = '',
    readonly httpStatus?: number,
  ) {
    super(message)
    this.name = 'RequestError'
  }
}

/** the server's answer for a record that is not there or not the caller's (loadOwned: ESYS0004): asking again cannot help */
export const isMissingRecord = (e: unknown): boolean => e instanceof RequestError && e.msgId === 'ESYS0004'

/** funcModule / funcOperation labels from the path: /api/biz/cmsEventInfo/get → cmsEventInfo, get */
export function labelsOf(path: string): { funcModule: string; funcOperation: string } {
  const parts = path.split('/').filter(Boolean)
  return {
    funcModule: parts.length > 2 ? parts[parts.length - 2] : (parts[parts.length - 1] ?? ''),
    funcOperation: parts[parts.length - 1] ?? '',
  }
}

function handleSessionExpired(): void {
  appState().clearSession()
  // after the new login the attendee goes on where they were (read now: the modal may outlive the page)
  const back = hereAsReturn()
  void alertOnce({ title: t('common.sessionExpiredTitle'), content: t('common.sessionExpired') }, () => reLaunch('login', { ...back }))
}

function handleRailwayTimeout(): void {
  // the train login returns the attendee to the page they were on (read now: the modal may outlive it)
  const back = hereAsReturn()
  void alertOnce({ title: t('common.railwayTimeoutTitle'), content: t('common.railwayTimeout') }, () => redirectTo('trainLogin', { ...back }))
}

/**
 * The full result: data, or a returned notice (spec §8). The primitive under call()/callResult();
 * features use those, with a declaration, never a path.
 */
export async function request<T>(path: ApiPath, data: object = {}, options: RequestOptions = {}): Promise<RequestResult<T>> {
  const loading = options.loading !== false && !options.silent
  const tell = options.silent ? () => undefined : toast
  if (loading) showLoading()
  let res: Taro.request.SuccessCallbackResult<Envelope<T>>
  try {
    res = await Taro.request<Envelope<T>>({
      url: API_BASE_URL + path,
      method: 'POST',
      data: { ...data, ...labelsOf(path) },
      header: {
        'content-type': 'application/json',
        authorization: appState().token ?? '',
        lang: currentLanguage(),
      },
      timeout: REQUEST_TIMEOUT_MS,
      dataType: 'json',
    })
  } catch (e) {
    // hide the indicator first: on weapp and H5 hiding the loading also closes a toast
    if (loading) hideLoading()
    tell(t('common.serverError'))
    throw new RequestError('network', e instanceof Error ? e.message : String((e as { errMsg?: string })?.errMsg ?? e))
  }
  if (loading) hideLoading()

  // spec §8: 200 (or 0, as some mini-program runtimes report) is a transport success
  const status = res.statusCode
  if (status !== 0 && (status < 200 || status > 299)) {
    tell(t('common.requestFailed'))
    throw new RequestError('http', `HTTP ${status}`, '', status)
  }
  const body = res.data
  if (!body || typeof body !== 'object') {
    tell(t('common.requestFailed'))
    throw new RequestError('http', 'malformed response', '', status)
  }

  const msgId = body.msgId ?? ''
  if (msgId) {
    const msgText = body.msgText ?? ''
    // a server newer than this build may answer a msgId the catalogue does not have yet
    const among = (ids: readonly MsgId[]) => (ids as readonly string[]).includes(msgId)
    if (among(SILENT_MSG_IDS)) {
      return { kind: 'notice', msgId, msgText, envelope: body }
    }
    if (among(TOAST_AND_RETURN_MSG_IDS)) {
      tell(msgText)
      return { kind: 'notice', msgId, msgText, envelope: body }
    }
    if (among(RAILWAY_TIMEOUT_MSG_IDS)) {
      if (!options.silent) handleRailwayTimeout()
      throw new RequestError('railway', msgText, msgId)
    }
    if (among(SESSION_EXPIRED_MSG_IDS)) {
      if (!options.silent) handleSessionExpired()
      throw new RequestError('session', msgText, msgId)
    }
    tell(msgText || t('common.requestFailed'))
    throw new RequestError('business', msgText, msgId)
  }
  if (body.status !== STATUS_OK && body.status !== 0) {
    tell(body.msgText || t('common.requestFailed'))
    throw new RequestError('business', body.msgText ?? '', '')
  }
  return { kind: 'data', data: body.data as T }
}

/** data only: a returned notice is a failure to the caller too (it has been toasted where spec §8 says) */
export async function call<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>): Promise<ResponseOf<C>> {
  const r = await callResult(c, body)
  if (r.kind === 'notice') throw new RequestError('notice', r.msgText, r.msgId)
  return r.data
}

/**
 * A call nobody waits for (a page view, the server half of a logout): no indicator, and nothing
 * shown to the user whatever happens. Resolves true when the server did it.
 */
export function background<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>): Promise<boolean> {
  return request(c.path, body as object, { silent: true }).then(
    (r) => r.kind === 'data',
    () => false,
  )
}

/** data or a returned notice (EREG1036 silently; EREG1040/1030/1042 after a toast): the caller decides */
export function callResult<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>): Promise<RequestResult<ResponseOf<C>>> {
  return request<ResponseOf<C>>(c.path, body as object, { loading: c.loading })
}

/**
 * Data, or a rejection, with nothing shown to the user: no indicator, no toast, no modal (an
 * expired session is handled by the next ordinary call the page makes). For reads repeated in the background while the
 * page says what it is waiting for, e.g. the order's state while a payment is being confirmed.
 */
export async function quietCall<C extends Call<unknown, unknown>>(c: C, body: RequestOf<C>): Promise<ResponseOf<C>> {
  const r = await request<ResponseOf<C>>(c.path, body as object, { silent: true })
  if (r.kind === 'notice') throw new RequestError('notice', r.msgText, r.msgId)
  return r.data
}
