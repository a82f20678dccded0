/**
 * Subscription rows hold the attendee's openid: the cleanup job deletes a used one a month after
 * its message, an unused one once no result can still come (wechat/rules/subscription-rules.ts),
 * each at the edge of its keeping.
 */
import { eq } from 'drizzle-orm'
import { users, wechatSubscriptions } from '../src/kernel/db/schema'
import { SUBSCRIPTION_RULES, subscriptionCutoffs } from '../src/wechat/rules/subscription-rules'
import { deleteEndedSubscriptions } from '../src/wechat/repositories/subscriptions'
import { DEMO_USER } from '../src/seed'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.db.db.delete(wechatSubscriptions)
})

async function addRow(createdAt: Date, usedAt: Date | null): Promise<number> {
  const [user] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.mobile, DEMO_USER.mobile))
  const [row] = await t.db.db
    .insert(wechatSubscriptions)
    .values({ userId: user.id, orderKind: 'train', orderId: 1, kind: 'ticketIssued', templateId: 'T', appId: 'wx1', openid: 'o'.repeat(28), createdAt, usedAt })
    .returning({ id: wechatSubscriptions.id })
  return row.id
}
const left = async () => (await t.db.db.select({ id: wechatSubscriptions.id }).from(wechatSubscriptions)).map((r) => r.id).sort((a, b) => a - b)

describe('keeping subscription rows', () => {
  const now = new Date('2027-03-01T00:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms)

  it(`a used row stays ${SUBSCRIPTION_RULES.keepUsedMs / 86_400_000} days after its message, to the millisecond`, async () => {
    const kept = await addRow(ago(SUBSCRIPTION_RULES.keepUsedMs * 2), ago(SUBSCRIPTION_RULES.keepUsedMs))
    await addRow(ago(SUBSCRIPTION_RULES.keepUsedMs * 2), ago(SUBSCRIPTION_RULES.keepUsedMs + 1))
    expect(await deleteEndedSubscriptions(t.db.db, subscriptionCutoffs(now))).toBe(1)
    expect(await left()).toEqual([kept])
  })

  it(`an unused row stays ${SUBSCRIPTION_RULES.keepUnusedMs / 86_400_000} days after the accept, to the millisecond`, async () => {
    const kept = await addRow(ago(SUBSCRIPTION_RULES.keepUnusedMs), null)
    await addRow(ago(SUBSCRIPTION_RULES.keepUnusedMs + 1), null)
    expect(await deleteEndedSubscriptions(t.db.db, subscriptionCutoffs(now))).toBe(1)
    expect(await left()).toEqual([kept])
  })

  it('the cleanup job deletes them on its round', async () => {
    const clock = t.clock.now()
    await addRow(new Date(clock.getTime() - SUBSCRIPTION_RULES.keepUnusedMs - 1), null)
    const fresh = await addRow(clock, null)
    t.clock.advance(2 * 3600_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await left()).toEqual([fresh])
  })
})
