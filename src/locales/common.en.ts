import type zhCN from './zh-CN'

/**
 * The English `common` texts: what the request client and the feedback helpers show (loading,
 * request failures, session timeouts, confirm/cancel). On H5 they are in the app shell even though
 * the rest of the English texts load as a chunk of their own (src/lib/i18n.ts): a request started
 * at launch may show them before the first page, and so before that chunk, is there.
 */
const common: { [K in keyof typeof zhCN.common]: string } = {
  appName: 'Attendee',
  loading: 'Loading…',
  back: 'Back',
  confirm: 'OK',
  cancel: 'Cancel',
  retry: 'Retry',
  tip: 'Notice',
  requestFailed: 'Request failed',
  serverError: 'Server access error',
  sessionExpiredTitle: 'Login timed out',
  sessionExpired: 'Your login has timed out, please log in again',
  railwayTimeoutTitle: 'Railway login timed out',
  railwayTimeout: 'Your railway (12306) login has timed out, please log in again',
  switchLanguage: '中文',
  backHome: 'Back to home',
  submitting: 'Submitting, please wait',
  listSeparator: ', ',
}

export default common
