/**
 * Grab requests for several seat classes, and their expiry on the server's clock:
 * - a request lists the classes in the attendee's order of preference; the grab job books the first
 *   of them that has seats (a class the policy refuses is refused at the request, as for one class);
 * - at the request's stop time (grabStopsMinutesBeforeDeparture before departure) the expiry job
 *   ends a request still pending and tells the contact by SMS in their language, once; a request
 *   fulfilled or withdrawn first is left alone; fulfilment and expiry at the same moment: one wins
 *   (on a real PostgreSQL by scripts/pg-test.sh the two race on separate connections).
 */
import { and, eq } from 'drizzle-orm'
import { cancelGrabRequest, listGrabRequests, saveGrabRequest, type GrabView } from '@contracts/calls/train'
import type { SeatType } from '@contracts/train'
import { jobs, trainGrabs, trainOrders } from '../src/kernel/db/schema'
import { TRAIN_RULES } from '../src/train/rules/train-rules'
import { expireGrab, fulfilGrabs, GRAB_EXPIRY_JOB, releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { setup, type TestContext } from './helper'
import { bookableG, loginAs, newKey, ok, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const CONTACT = '13800138000'
const STOP_MS = TRAIN_RULES.spec.grabStopsMinutesBeforeDeparture * 60_000
const login = (lang: 'zh' | 'en') => loginAs(t, 'demo', 'DEMO', lang)
const sms = () => t.app.outbox!.list(CONTACT).map((m) => m.text)
const expirySms = () => sms().filter((x) => /抢票未能成功|got no seats/.test(x))
const runJobs = async () => {
  await t.app.jobs.runOnce(t.clock.now())
  await t.app.jobs.runOnce(t.clock.now())
}

/** a G train with both classes sold out to the public, and a grab request of `seatTypes` in that order */
async function grabbing(seatTypes: SeatType[], opts: { lang?: 'zh' | 'en'; reason?: string } = {}) {
  const token = await login(opts.lang ?? 'zh')
  await railwayLogin(t, token)
  const me = ok<Array<{ id: number }>>(await t.post('/api/biz/tmcPassenger/list', {}, { token }))[0].id
  const train = bookableG(await searchShanghaiBeijing(t, token))
  const runOf = (seatType: SeatType) => ({ trainCode: train.trainCode, date: train.date, seatType })
  for (const s of ['first', 'second'] as const) await sellOutToPublic(t.app.deps, runOf(s))
  const body = { ...orderBody(train, [{ travellerId: me, passengerType: 'adult' }], { overPolicyReason: opts.reason ?? '' }), seatTypes }
  delete (body as { seatType?: string }).seatType
  const save = (extra: object = {}) => t.post(saveGrabRequest.path, { ...body, idempotencyKey: newKey(), ...extra }, { token, lang: opts.lang ?? 'zh' })
  return { token, train, runOf, save }
}

const orderOfGrab = async (grabId: number) => (await t.db.db.select().from(trainOrders).where(eq(trainOrders.grabId, grabId)))[0]

describe('a grab request for several classes', () => {
  it('is fulfilled by the second class when only it gets seats', async () => {
    const { token, runOf, save } = await grabbing(['first', 'second'], { reason: '会议日程紧' })
    const a = ok<GrabView>(await save())
    expect(a.seatTypes).toEqual(['first', 'second'])
    await releasePublicSeats(t.app.deps, runOf('second'), 1)
    await runJobs()
    const [done] = ok<GrabView[]>(await t.post(listGrabRequests.path, {}, { token }))
    expect(done).toMatchObject({ id: a.id, status: 'fulfilled' })
    expect((await orderOfGrab(a.id)).seatType).toBe('second')
  })

  it('is fulfilled by the first class the attendee listed when both get seats', async () => {
    const { runOf, save } = await grabbing(['first', 'second'], { reason: '会议日程紧' })
    const b = ok<GrabView>(await save())
    await releasePublicSeats(t.app.deps, runOf('first'), 1)
    await releasePublicSeats(t.app.deps, runOf('second'), 1)
    await runJobs()
    expect((await orderOfGrab(b.id)).seatType).toBe('first')
  })

  it('refuses a class outside the policy as it refuses one class: without the reason the event asks for, nothing saved', async () => {
    const { token, save } = await grabbing(['second', 'first'], { lang: 'en' })
    const refused = await save()
    expect(refused.body.msgId).toBe('ETRAIN1031')
    expect(refused.body.msgText).toContain('first class is outside the policy')
    // a class the train does not carry, an empty list
    expect((await save({ seatTypes: ['second', 'hardSleeper'] })).body.msgId).toBe('ETRAIN1028')
    expect((await save({ seatTypes: [] })).body.msgId).not.toBe('')
    expect(ok<GrabView[]>(await t.post(listGrabRequests.path, {}, { token }))).toEqual([])
  })

  it('is refused while one of its classes still has seats (book it instead)', async () => {
    const { runOf, save } = await grabbing(['second', 'first'], { reason: '会议日程紧' })
    await releasePublicSeats(t.app.deps, runOf('first'), 5)
    expect((await save()).body.msgId).toBe('ETRAIN1051')
  })
})

describe('a grab request at its stop time', () => {
  it('is still waiting the millisecond before; at the stop time the job expires it and the contact gets one Chinese SMS', async () => {
    const { token, train, save } = await grabbing(['second'])
    const g = ok<GrabView>(await save())
    const stopAt = Date.parse(g.departAt) - STOP_MS
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, GRAB_EXPIRY_JOB), eq(jobs.key, `grab:${g.id}`)))
    expect(job.dueAt.getTime()).toBe(stopAt)

    t.clock.t = stopAt - 1
    await runJobs()
    expect((await t.db.db.select().from(trainGrabs).where(eq(trainGrabs.id, g.id)))[0].status).toBe('pending')
    expect(expirySms()).toEqual([])

    t.clock.t = stopAt
    await runJobs()
    expect((await t.db.db.select().from(trainGrabs).where(eq(trainGrabs.id, g.id)))[0].status).toBe('expired')
    expect(expirySms()).toEqual([
      `【参会助手】您的抢票未能成功：${train.date} ${train.trainNo} ${train.from.name}-${train.to.name}，发车前60分钟已停止抢票，请改订其他车次。`,
    ])

    // listed, run again, asked again by a late job: still one SMS
    expect(ok<GrabView[]>(await t.post(listGrabRequests.path, {}, { token }))[0].status).toBe('expired')
    await t.db.db.transaction((tx) => expireGrab(tx, g.id, t.clock.now()))
    await runJobs()
    expect(expirySms()).toHaveLength(1)
  })

  it('tells an English attendee in English', async () => {
    const { train, save } = await grabbing(['second'], { lang: 'en' })
    const g = ok<GrabView>(await save())
    t.clock.t = Date.parse(g.departAt) - STOP_MS
    await runJobs()
    expect(expirySms()).toEqual([
      `[Attendee app] Your grab request got no seats: ${train.trainNo} on ${train.date}, ${train.from.nameEn} to ${train.to.nameEn}. It stopped 60 minutes before departure; please book another train.`,
    ])
  })

  it('listed before the job ran, it is expired by the list the same way (one SMS), and the job then does nothing', async () => {
    const { token, save } = await grabbing(['second'])
    const g = ok<GrabView>(await save())
    t.clock.t = Date.parse(g.departAt) - STOP_MS
    expect(ok<GrabView[]>(await t.post(listGrabRequests.path, {}, { token }))[0].status).toBe('expired')
    await runJobs()
    expect(expirySms()).toHaveLength(1)
  })

  it('leaves a request fulfilled or withdrawn before alone: no expiry, no SMS', async () => {
    const { token, runOf, save } = await grabbing(['second'])
    const fulfilled = ok<GrabView>(await save())
    const withdrawn = ok<GrabView>(await save({ contactName: '李娜' }))
    ok(await t.post(cancelGrabRequest.path, { grabId: withdrawn.id }, { token }))
    await releasePublicSeats(t.app.deps, runOf('second'), 1)
    await runJobs()
    t.clock.t = Date.parse(fulfilled.departAt) - STOP_MS
    await runJobs()
    const list = ok<GrabView[]>(await t.post(listGrabRequests.path, {}, { token }))
    expect(Object.fromEntries(list.map((g) => [g.id, g.status]))).toEqual({ [fulfilled.id]: 'fulfilled', [withdrawn.id]: 'canceled' })
    expect(expirySms()).toEqual([])
  })

  it('fulfilment and expiry at the same moment: exactly one happens, every time', async () => {
    for (let round = 0; round < 6; round++) {
      await t.reset()
      t.app.outbox!.clear()
      const { runOf, save } = await grabbing(['second'])
      const g = ok<GrabView>(await save())
      const stopAt = Date.parse(g.departAt) - STOP_MS
      await releasePublicSeats(t.app.deps, runOf('second'), 1)
      // the grab job a moment before the stop time (it would book), the expiry job at it (it would expire)
      const fulfil = t.db.db.transaction((tx) => fulfilGrabs(tx, t.app.deps, g.trainCode, runOf('second').date, new Date(stopAt - 1)))
      const expire = t.db.db.transaction((tx) => expireGrab(tx, g.id, new Date(stopAt)))
      await Promise.all(round % 2 ? [expire, fulfil] : [fulfil, expire])
      t.clock.t = stopAt
      await runJobs()
      const [row] = await t.db.db.select().from(trainGrabs).where(eq(trainGrabs.id, g.id))
      const order = await orderOfGrab(g.id)
      if (row.status === 'fulfilled') {
        expect(order).toBeDefined()
        expect(expirySms()).toEqual([])
      } else {
        expect(row.status).toBe('expired')
        expect(order).toBeUndefined()
        expect(expirySms()).toHaveLength(1)
      }
    }
  })
})
