/**
 * The numbers of the travel desk (contracts/admin/orders.ts), read alike by the console (its
 * page sizes, its search field) and the server (the list, the "needs a person" view).
 */
export const TRAVEL_DESK_RULES = {
  /** rows of one page of the orders list, at the most */
  maxPageSize: 100,
  /** the search text, in characters */
  keywordMaxLength: 64,
  /** a refund not back after this many minutes needs a person (WeChat usually answers within minutes) */
  refundSlowMinutes: 60,
  /** a change waiting for its difference this many minutes: the attendee is called before its deadline ends it */
  changeUnpaidMinutes: 30,
  /** items of the "needs a person" view, at the most (the oldest first) */
  attentionMax: 200,
  /** days of WeChat Pay's trade bill one reconciliation reads (a bill per day, each downloaded) */
  reconcileMaxDays: 31,
  /** how far back a reconciliation may start: WeChat Pay hands out the bills of the last three months */
  reconcileHistoryDays: 90,
  /**
   * WeChat Pay makes no bill of a day without trades, and makes a day's bill the next morning: a
   * day's bill still missing this many days after it is a day without trades; sooner, not ready yet
   */
  billSettledDays: 2,
  /** differences one reconciliation answers, at the most (the rest are counted) */
  reconcileMaxDifferences: 500,
} as const
