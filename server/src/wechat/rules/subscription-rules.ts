/**
 * How long a subscription row (wechat/tables.ts wechatSubscriptions), which holds the attendee's
 * openid, is kept. Pure: the cleanup job (auth/cleanup-job.ts) asks with its clock.
 *
 * A used row served its one message; it stays a month so support can see which template went out.
 * An unused row waits for a result that may still come: a refund or a change can follow weeks
 * after booking, until the trip. Railway tickets sell at most 15 days ahead and flights about a
 * year, so an accept unused after 400 days has no result left to wait for.
 */
export const SUBSCRIPTION_RULES = {
  keepUsedMs: 30 * 24 * 3600_000,
  keepUnusedMs: 400 * 24 * 3600_000,
} as const

export interface SubscriptionCutoffs {
  /** rows used before this are deleted */
  usedBefore: Date
  /** rows never used and made before this are deleted */
  unusedMadeBefore: Date
}

export const subscriptionCutoffs = (now: Date): SubscriptionCutoffs => ({
  usedBefore: new Date(now.getTime() - SUBSCRIPTION_RULES.keepUsedMs),
  unusedMadeBefore: new Date(now.getTime() - SUBSCRIPTION_RULES.keepUnusedMs),
})
