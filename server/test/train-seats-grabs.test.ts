/** The train calls through the API: seats per segment and grab requests. Set-up: train-api-support.ts. */
import {
  cancelGrabRequest,
  getTrainOrderInfo,
  listGrabRequests,
  querySubwayStation,
  saveGrabRequest,
  saveTrainOrder,
  type TrainOffer,
} from '@contracts/calls/train'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { addTraveller, bookableG, idCard, newKey, ok, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'
import { demo, lilei, me, t, useTrainApp } from './train-api-support'

useTrainApp()

describe('seats per segment', () => {
  it('a seat sold Shanghai → an intermediate stop is free from there on; the whole way it is not', async () => {
    await railwayLogin(t, demo)
    const trains = await searchShanghaiBeijing(t, demo)
    let train: TrainOffer | undefined
    let stops: Array<{ station: { code: string } }> = []
    for (const x of trains.filter((y) => y.trainType === 'G' && y.bookable)) {
      stops = ok(
        await t.post(
          querySubwayStation.path,
          { trainCode: x.trainCode, date: x.date, fromStationCode: x.from.code, toStationCode: x.to.code },
          { token: demo },
        ),
      ).stops
      if (stops.length >= 3) {
        train = x
        break
      }
    }
    if (!train) throw new Error('no G train with a stop')
    const [a, mid] = [stops[0].station.code, stops[1].station.code]
    const b = stops[stops.length - 1].station.code
    // the public holds every seat but one
    const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
    await sellOutToPublic(t.app.deps, run)
    await releasePublicSeats(t.app.deps, run, 1)
    const other = await addTraveller(t, demo, '王芳', idCard('19900101', 3))
    const book = (from: string, to: string, travellerId: number) =>
      t.post(
        saveTrainOrder.path,
        { ...orderBody(train!, [{ travellerId, passengerType: 'adult' }]), fromStationCode: from, toStationCode: to },
        { token: demo },
      )
    ok(await book(a, mid, me))
    ok(await book(mid, b, other))
    const third = await addTraveller(t, demo, '李娜', idCard('19900101', 4))
    expect((await book(a, b, third)).body.msgId).toBe('ETRAIN1020')
  })
})

describe('grab requests', () => {
  it('a sold-out train is grabbed; when seats come back it becomes an order and an SMS tells the contact', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
    const grabBody = { ...orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), seatType: undefined, seatTypes: ['second'] }
    delete (grabBody as { seatType?: string }).seatType
    expect((await t.post(saveGrabRequest.path, grabBody, { token: demo })).body.msgId).toBe('ETRAIN1051')
    await sellOutToPublic(t.app.deps, run)
    expect((await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), { token: demo })).body.msgId).toBe('ETRAIN1020')
    const grab = ok(await t.post(saveGrabRequest.path, { ...grabBody, idempotencyKey: newKey() }, { token: demo }))
    expect(grab).toMatchObject({ status: 'pending', passengerNames: ['张伟'], orderId: null })
    expect((await t.post(cancelGrabRequest.path, { grabId: grab.id }, { token: lilei })).body.msgId).toBe('ESYS0004')
    expect(ok(await t.post(listGrabRequests.path, {}, { token: lilei }))).toEqual([])

    await releasePublicSeats(t.app.deps, run, 1)
    await t.app.jobs.runOnce(t.clock.now())
    // the SMS is a job of its own, made by the grab job
    await t.app.jobs.runOnce(t.clock.now())
    const [done] = ok(await t.post(listGrabRequests.path, {}, { token: demo }))
    expect(done).toMatchObject({ id: grab.id, status: 'fulfilled' })
    const order = ok(await t.post(getTrainOrderInfo.path, { orderId: done.orderId }, { token: demo }))
    expect(order).toMatchObject({ status: 'toBePaid', trainCode: train.trainCode })
    const sms = t.app.outbox!.list('13800138000')[0]
    expect(sms.text).toContain(train.trainNo)
    expect((await t.post(cancelGrabRequest.path, { grabId: grab.id }, { token: demo })).body.msgId).toBe('ETRAIN1050')
  })

  it('a request waits until shortly before the train leaves, then expires; it can be withdrawn before', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const seatTypes = ['second']
    const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
    // browser tests sell a train out through the dev route (this machine only)
    const dev = await t.app.inject({ method: 'POST', url: '/dev/railway/seats', payload: { ...run, action: 'sellOut' }, remoteAddress: '127.0.0.1' })
    expect(dev.statusCode).toBe(200)
    const body = { ...orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), seatTypes }
    delete (body as { seatType?: string }).seatType
    const a = ok(await t.post(saveGrabRequest.path, body, { token: demo }))
    const b = ok(await t.post(saveGrabRequest.path, { ...body, idempotencyKey: newKey(), contactName: '李娜' }, { token: demo }))
    expect(ok(await t.post(cancelGrabRequest.path, { grabId: b.id }, { token: demo })).status).toBe('canceled')
    t.clock.t = Date.parse(train.departAt) - 60 * 60_000
    const list = ok(await t.post(listGrabRequests.path, {}, { token: demo }))
    expect(list.map((g: { id: number; status: string }) => [g.id, g.status])).toEqual([
      [b.id, 'canceled'],
      [a.id, 'expired'],
    ])
  })
})
