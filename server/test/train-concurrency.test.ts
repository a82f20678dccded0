/**
 * No seat sold twice, no order paid twice, under true concurrency: run by scripts/pg-test.sh on a
 * real PostgreSQL, where the requests race on separate connections (on PGlite, one connection,
 * they pass trivially). 200 attendees' bookings of the last seat sell exactly one; 20 payments of
 * one order, with different keys and with the same key, charge once. With the booking's run lock
 * and its reads and writes in few statements: bookings racing to create a run get distinct
 * seats, one person is booked once per train (in any class), and one key makes one order however many retries race.
 */
import { and, eq } from 'drizzle-orm'
import { payOnBusiness, paymentOrder, saveTrainOrder } from '@contracts/calls/train'
import { DEMO_USER } from '../src/seed'
import { jobs, payments, trainOrderEvents, trainOrders, trainRuns, trainSeatHolds, trainTravellers, users } from '../src/kernel/db/schema'
import { TRAIN_JOBS } from '../src/train/orders/orders'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { setup, type TestContext } from './helper'
import { bookableG, idCard, loginAs, newKey, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

async function travellersOfDemo(n: number): Promise<number[]> {
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.userCode, DEMO_USER.userCode))
  const [mine] = await t.db.db.select({ eventId: trainTravellers.eventId }).from(trainTravellers).where(eq(trainTravellers.userId, u.id))
  const now = t.clock.now()
  const rows = await t.db.db
    .insert(trainTravellers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: u.id,
        eventId: mine.eventId,
        name: `乘客${String.fromCharCode(0x4e00 + i)}`,
        documentType: 'idCard' as const,
        documentNumber: idCard('19900101', i + 1),
        passengerType: 'adult' as const,
        mobile: '13900000001',
        auditStatus: 'passed' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: trainTravellers.id })
  return rows.map((r) => r.id)
}

it('200 concurrent bookings of the last seat sell exactly one', async () => {
  const token = await loginAs(t, 'demo')
  await railwayLogin(t, token)
  const train = bookableG(await searchShanghaiBeijing(t, token))
  const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
  await sellOutToPublic(t.app.deps, run)
  await releasePublicSeats(t.app.deps, run, 1)
  const ids = await travellersOfDemo(200)
  const answers = await Promise.all(
    ids.map((travellerId) => t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }]), { token })),
  )
  expect(answers.every((a) => a.statusCode === 200)).toBe(true)
  const won = answers.filter((a) => a.body.status === 200)
  expect(won).toHaveLength(1)
  expect(new Set(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId))).toEqual(new Set(['ETRAIN1020']))
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  expect(await t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.active, true))).toHaveLength(1)
}, 120_000)

it('20 concurrent payments of one order charge once', async () => {
  const token = await loginAs(t, 'demo')
  await railwayLogin(t, token)
  const train = bookableG(await searchShanghaiBeijing(t, token))
  const [travellerId] = await travellersOfDemo(1)
  const saved = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }]), { token })
  const orderId = saved.body.data.id as number
  const sameKey = newKey()
  const answers = await Promise.all([
    // ten taps, each its own intent
    ...Array.from({ length: 10 }, () => t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token })),
    // ten retries of one intent
    ...Array.from({ length: 10 }, () => t.post(payOnBusiness.path, { orderId, idempotencyKey: sameKey }, { token })),
  ])
  expect(answers.every((a) => a.statusCode === 200)).toBe(true)
  const paid = await t.db.db.select().from(payments).where(eq(payments.orderId, orderId))
  expect(paid.filter((p) => p.counted)).toHaveLength(1)
  expect(paid.filter((p) => p.status === 'paid')).toHaveLength(1)
  const ok = answers.filter((a) => a.body.status === 200)
  expect(ok.length).toBeGreaterThanOrEqual(1)
  for (const a of answers.filter((x) => x.body.status !== 200)) expect(a.body.msgId).toBe('ETRAIN1040')
  // and WeChat Pay cannot open a second charge of a paid order
  const wx = await t.post(paymentOrder.path, { orderId, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token })
  expect(wx.body.msgId).toBe('ETRAIN1040')
  const [order] = await t.db.db.select().from(trainOrders).where(eq(trainOrders.id, orderId))
  expect(order.status).toBe('ticketing')
}, 120_000)

/** the demo attendee logged in to the railway, and a bookable G train tomorrow */
async function demoAndTrain(): Promise<{ token: string; train: ReturnType<typeof bookableG> }> {
  const token = await loginAs(t, 'demo')
  await railwayLogin(t, token)
  return { token, train: bookableG(await searchShanghaiBeijing(t, token)) }
}

it('40 concurrent bookings of a run nobody booked yet get 40 different seats, each with its timeline and deadline', async () => {
  const { token, train } = await demoAndTrain()
  const ids = await travellersOfDemo(40)
  // no booking before: the run's row is created by whichever booking comes first, the others wait for it
  expect(await t.db.db.select().from(trainRuns)).toHaveLength(0)
  const answers = await Promise.all(
    ids.map((travellerId) => t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }]), { token })),
  )
  expect(answers.map((a) => (a.body.status === 200 ? 200 : a.body.msgId))).toEqual(ids.map(() => 200))
  expect(await t.db.db.select().from(trainRuns)).toHaveLength(1)
  const holds = await t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.active, true))
  expect(holds).toHaveLength(40)
  expect(new Set(holds.map((h) => h.seatIndex)).size).toBe(40)
  expect(await t.db.db.select().from(trainOrderEvents)).toHaveLength(40)
  expect(await t.db.db.select().from(jobs).where(eq(jobs.kind, TRAIN_JOBS.payDeadline))).toHaveLength(40)
}, 120_000)

it('one person booked on one train by 10 requests at once gets one ticket', async () => {
  const { token, train } = await demoAndTrain()
  const [travellerId] = await travellersOfDemo(1)
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }]), { token })),
  )
  expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array.from({ length: 9 }, () => 'ETRAIN1034'))
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
}, 120_000)

it('one person booked on one train in two seat classes by 40 requests at once gets one ticket', async () => {
  const { token, train } = await demoAndTrain()
  // second class and another one (over the demo policy: with a reason)
  const classes = ['second', train.seats.map((s) => s.seatType).find((c) => c !== 'second')]
  expect(classes[1]).toBeDefined()
  const [travellerId] = await travellersOfDemo(1)
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }], { seatType: classes[i % 2], overPolicyReason: '会议安排' }), {
        token,
      }),
    ),
  )
  expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array.from({ length: 39 }, () => 'ETRAIN1034'))
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  expect(await t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.active, true))).toHaveLength(1)
}, 120_000)

it('10 retries of one save with the same key at once make one order, and every answer is that order', async () => {
  const { token, train } = await demoAndTrain()
  const [travellerId] = await travellersOfDemo(1)
  const body = orderBody(train, [{ travellerId, passengerType: 'adult' }])
  const answers = await Promise.all(Array.from({ length: 10 }, () => t.post(saveTrainOrder.path, body, { token })))
  expect(answers.map((a) => a.body.status)).toEqual(answers.map(() => 200))
  const [order] = await t.db.db.select().from(trainOrders)
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  expect(new Set(answers.map((a) => a.body.data.id))).toEqual(new Set([order.id]))
  expect(
    await t.db.db
      .select()
      .from(trainSeatHolds)
      .where(and(eq(trainSeatHolds.orderId, order.id), eq(trainSeatHolds.active, true))),
  ).toHaveLength(1)
}, 120_000)
