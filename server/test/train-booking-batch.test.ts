/**
 * Train orders booked in batches (train/orders/booking-batch.ts, train-held-orders.ts). Run on
 * PostgreSQL by scripts/pg-test.sh (the requests race on separate connections and batches run side by side) and
 * on PGlite by jest (the same SQL, one transaction at a time): batches really form under
 * concurrency and none fails; the last seats of a run are each sold once; one person is booked once
 * per train whatever the class, also inside one batch; one key books once however many retries race,
 * inside one batch too; a batch holding a refused order and an order that makes the batch fail still
 * books the others (the failed batch's orders are booked again as lists of one), with nothing
 * half-written.
 */
import { and, eq } from 'drizzle-orm'
import { saveTrainOrder, type SaveTrainOrderRequest, type TrainOrderView } from '@contracts/calls/train'
import { DEMO_USER } from '../src/seed'
import { idempotencyKeys, jobs, trainOrderEvents, trainOrders, trainSeatHolds, trainTravellers, users } from '../src/kernel/db/schema'
import { AppError } from '../src/kernel/errors'
import type { BatchStats, QueuedOrder } from '../src/train/orders/booking-batch'
import { TRAIN_JOBS } from '../src/train/orders/orders'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { policyOf } from '../src/travel/travel'
import { setup, type TestContext } from './helper'
import { bookableG, idCard, loginAs, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const batcher = () => t.app.deps.bookingBatcher
/** the batch counts since `before` */
const since = (before: BatchStats): BatchStats => {
  const s = batcher().stats
  return {
    batches: s.batches - before.batches,
    orders: s.orders - before.orders,
    largest: s.largest,
    failedBatches: s.failedBatches - before.failedBatches,
    againAlone: s.againAlone - before.againAlone,
  }
}

async function demo(): Promise<{ token: string; userId: number; eventId: number; train: ReturnType<typeof bookableG> }> {
  const token = await loginAs(t, 'demo')
  await railwayLogin(t, token)
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.userCode, DEMO_USER.userCode))
  const [mine] = await t.db.db.select({ eventId: trainTravellers.eventId }).from(trainTravellers).where(eq(trainTravellers.userId, u.id))
  return { token, userId: u.id, eventId: mine.eventId, train: bookableG(await searchShanghaiBeijing(t, token)) }
}

async function travellers(userId: number, eventId: number, n: number, auditStatus: 'passed' | 'failed' = 'passed', from = 1): Promise<number[]> {
  const now = t.clock.now()
  const rows = await t.db.db
    .insert(trainTravellers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        eventId,
        name: `乘客${String.fromCharCode(0x4e00 + from + i)}`,
        documentType: 'idCard' as const,
        documentNumber: idCard('19900101', from + i),
        passengerType: 'adult' as const,
        mobile: '13900000001',
        auditStatus,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: trainTravellers.id })
  return rows.map((r) => r.id)
}

const activeHolds = () => t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.active, true))

it('200 bookings of the last 30 seats of a run at once: each seat sold once, in batches of more than one order, none failed', async () => {
  const { token, userId, eventId, train } = await demo()
  const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
  await sellOutToPublic(t.app.deps, run)
  await releasePublicSeats(t.app.deps, run, 30)
  const ids = await travellers(userId, eventId, 200)
  const before = { ...batcher().stats }
  const answers = await Promise.all(
    ids.map((travellerId) => t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }]), { token })),
  )
  const won = answers.filter((a) => a.body.status === 200)
  expect(won).toHaveLength(30)
  expect(new Set(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId))).toEqual(new Set(['ETRAIN1020']))
  const holds = await activeHolds()
  expect(holds).toHaveLength(30)
  expect(new Set(holds.map((h) => h.seatIndex)).size).toBe(30)
  // every order whole: its passenger, hold, timeline event, deadline job and stored answer
  const orders = await t.db.db.select().from(trainOrders)
  expect(orders.map((o) => o.id).sort()).toEqual(won.map((a) => (a.body.data as TrainOrderView).id).sort())
  expect(await t.db.db.select().from(trainOrderEvents)).toHaveLength(30)
  expect(await t.db.db.select().from(jobs).where(eq(jobs.kind, TRAIN_JOBS.payDeadline))).toHaveLength(30)
  // refused orders leave no key: their retry would book
  expect((await t.db.db.select().from(idempotencyKeys)).filter((k) => k.scope === '/api/train/orderInfo/save')).toHaveLength(30)
  const s = since(before)
  expect(s.orders).toBe(200)
  expect(s.failedBatches).toBe(0)
  // the batches really formed: fewer transactions than orders
  expect(s.batches).toBeLessThan(200)
  expect(s.largest).toBeGreaterThan(1)
}, 120_000)

it('one person booking one train in two classes 40 times at once, in batches: one ticket', async () => {
  const { token, userId, eventId, train } = await demo()
  const classes = ['second', train.seats.map((s) => s.seatType).find((c) => c !== 'second')]
  const [travellerId] = await travellers(userId, eventId, 1)
  const before = { ...batcher().stats }
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      t.post(saveTrainOrder.path, orderBody(train, [{ travellerId, passengerType: 'adult' }], { seatType: classes[i % 2], overPolicyReason: '会议安排' }), {
        token,
      }),
    ),
  )
  expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array(39).fill('ETRAIN1034'))
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  expect(await activeHolds()).toHaveLength(1)
  expect(since(before).failedBatches).toBe(0)
}, 120_000)

it('20 retries of one key at once book once, and every answer is that order', async () => {
  const { token, userId, eventId, train } = await demo()
  const [travellerId] = await travellers(userId, eventId, 1)
  const body = orderBody(train, [{ travellerId, passengerType: 'adult' }])
  const before = { ...batcher().stats }
  const answers = await Promise.all(Array.from({ length: 20 }, () => t.post(saveTrainOrder.path, body, { token })))
  expect(answers.map((a) => a.body.status)).toEqual(answers.map(() => 200))
  const orders = await t.db.db.select().from(trainOrders)
  expect(orders).toHaveLength(1)
  expect(new Set(answers.map((a) => a.body.data.id))).toEqual(new Set([orders[0].id]))
  expect(await activeHolds()).toHaveLength(1)
  expect(since(before).failedBatches).toBe(0)
}, 120_000)

/** orders handed to the batcher in one turn of the event loop: one batch */
async function oneBatch(userId: number, eventId: number, bodies: object[]): Promise<Array<{ view?: TrainOrderView; error?: unknown }>> {
  const owner = { userId, eventId }
  const policy = await policyOf(t.db.db, eventId)
  const queued: QueuedOrder[] = bodies.map((body) => ({ owner, body: body as SaveTrainOrderRequest, lang: 'en', policy }))
  return Promise.all(
    queued.map((q) =>
      batcher()
        .save(q)
        .then(
          (view) => ({ view }),
          (error: unknown) => ({ error }),
        ),
    ),
  )
}

it('in one batch: the same key twice books once (the second gets the first answer); one person twice is refused the second time', async () => {
  const { userId, eventId, train } = await demo()
  const [a, b] = await travellers(userId, eventId, 2)
  const retried = orderBody(train, [{ travellerId: a, passengerType: 'adult' }])
  const before = { ...batcher().stats }
  const out = await oneBatch(userId, eventId, [
    retried,
    retried,
    orderBody(train, [{ travellerId: b, passengerType: 'adult' }]),
    orderBody(train, [{ travellerId: b, passengerType: 'adult' }]),
  ])
  expect(since(before)).toMatchObject({ failedBatches: 0, batches: 1, orders: 4 })
  expect(out[0].view!.id).toBe(out[1].view!.id)
  expect(out[2].view).toBeDefined()
  expect(out[3].error).toBeInstanceOf(AppError)
  expect((out[3].error as AppError).msgId).toBe('ETRAIN1034')
  expect(await t.db.db.select().from(trainOrders)).toHaveLength(2)
  expect(await activeHolds()).toHaveLength(2)
  // the same key with another body is refused, never answered with the first order
  const forged = await oneBatch(userId, eventId, [{ ...retried, contactName: '李雷' }])
  expect((forged[0].error as AppError).msgId).toBe('EVAL0009')
}, 120_000)

it('a batch holding a refused order and an order that fails the batch still books the others; nothing half-written', async () => {
  const { userId, eventId, train } = await demo()
  const good = await travellers(userId, eventId, 5)
  const [refused] = await travellers(userId, eventId, 1, 'failed', 50)
  const [failing] = await travellers(userId, eventId, 1, 'passed', 60)
  const bodies = [...good.slice(0, 2), refused, failing, ...good.slice(2)].map((travellerId) => orderBody(train, [{ travellerId, passengerType: 'adult' }]))
  // an unexpected error while the batch decides one order (as a bug would): the whole batch is rolled back
  const b = batcher()
  b.onDecide = (o) => {
    if (o.body.passengers[0].travellerId === failing) throw new Error('unexpected')
  }
  const before = { ...b.stats }
  let out
  try {
    out = await oneBatch(userId, eventId, bodies)
  } finally {
    b.onDecide = null
  }
  expect(since(before)).toMatchObject({ batches: 1, failedBatches: 1, againAlone: 7 })
  // each went again as a list of one: the refused one refused, every other one booked (the failing
  // one too: alone it has no bug, and onDecide only watches lists formed from the queue)
  expect((out[2].error as AppError).msgId).toBe('ETRAIN1017')
  const booked = out.filter((o) => o.view)
  expect(out.map((o) => (o.view ? 'booked' : (o.error as AppError).msgId))).toEqual(['booked', 'booked', 'ETRAIN1017', 'booked', 'booked', 'booked', 'booked'])
  expect(booked).toHaveLength(6)
  const orders = await t.db.db.select().from(trainOrders)
  expect(orders).toHaveLength(6)
  const holds = await activeHolds()
  expect(holds).toHaveLength(6)
  expect(new Set(holds.map((h) => h.seatIndex)).size).toBe(6)
  expect(await t.db.db.select().from(trainOrderEvents)).toHaveLength(6)
  // one key per booked order, none for the refused one
  const keys = await t.db.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, '/api/train/orderInfo/save'), eq(idempotencyKeys.userId, userId)))
  expect(keys).toHaveLength(6)
  expect(keys.every((k) => k.response !== null)).toBe(true)
}, 120_000)

it('a refusal inside a batch is that order’s answer only, and its key is free for a retry', async () => {
  const { userId, eventId, train } = await demo()
  const [a, b] = await travellers(userId, eventId, 2)
  const body = orderBody(train, [{ travellerId: a, passengerType: 'adult' }], { seatType: 'noSuchClass' })
  const before = { ...batcher().stats }
  const out = await oneBatch(userId, eventId, [body, orderBody(train, [{ travellerId: b, passengerType: 'adult' }])])
  expect(since(before).failedBatches).toBe(0)
  expect((out[0].error as AppError).msgId).toBe('ETRAIN1028')
  expect(out[1].view).toBeDefined()
  // the refused key was given up (as a rollback would): the same request is decided again, not answered from storage
  const again = await oneBatch(userId, eventId, [body])
  expect((again[0].error as AppError).msgId).toBe('ETRAIN1028')
  expect((await t.db.db.select().from(idempotencyKeys)).filter((k) => k.key === (body as { idempotencyKey: string }).idempotencyKey)).toHaveLength(0)
}, 120_000)
