/**
 * The train calls through the API: railway login (wrong password, agreement, unavailable, timed
 * out → ETRAIN1002), stations, pre-sale days, search Shanghai → Beijing, stops, travellers, saving
 * an order (bad input, another attendee's ids, children, policy), company payment and ticketing
 * (issued / failed and refunded), cancel, the deadline job, late WeChat money, seats per segment,
 * grab requests fulfilled with an SMS; the travel-policy calls; /dev/clock.
 */
import { eq } from 'drizzle-orm'
import {
  askOrderTicket,
  cancelGrabRequest,
  deleteTravelers,
  getOrderTickets,
  getPreSaleDay,
  getTrainOrderInfo,
  isRailwayLogin,
  listGrabRequests,
  listTrainStations,
  listTravellers,
  loginRailway,
  payOnBusiness,
  paymentOrder,
  querySubwayStation,
  queryTrainStation,
  queryTrainTicket,
  saveGrabRequest,
  saveTraveller,
  saveTrainOrder,
  trainCancelOrder,
  type TrainOffer,
} from '@contracts/calls/train'
import { getTravelStandard, listAvailableRange, listVisibilityRule, trainOrderVerify } from '@contracts/calls/travel'
import { guestLogin } from '@contracts/calls/auth'
import { pageBusinessOrders, pageOrders } from '@contracts/calls/orders'
import { DEMO_USER, LOCKED_ATTENDEE } from '../src/seed'
import { trainOrders } from '../src/kernel/db/schema'
import { RailwaySandbox } from '../src/train/railway'
import { listOwnerTrainOrders } from '../src/train/repositories/orders'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { setup, type TestContext } from './helper'
import { addTraveller, bookableG, dateAfter, idCard, loginAs, newKey, ok, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

let t: TestContext
let demo: string
let lilei: string
let me: number // the demo attendee's own traveller (seeded)

const sandbox = () => t.app.deps.railway as RailwaySandbox

beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  demo = await loginAs(t, 'demo')
  lilei = await loginAs(t, 'lilei')
  const travellers = ok(await t.post(listTravellers.path, {}, { token: demo }))
  me = travellers[0].id
  t.app.deps.wechatPay.sandbox!.notifications = 'deliver'
})

async function bookedOrder(passengers?: object[]) {
  await railwayLogin(t, demo)
  const train = bookableG(await searchShanghaiBeijing(t, demo))
  const order = ok(await t.post(saveTrainOrder.path, orderBody(train, passengers ?? [{ travellerId: me, passengerType: 'adult' }]), { token: demo }))
  return { train, order }
}

describe('railway login', () => {
  it('wrong password, no agreement, nothing typed, the railway not answering', async () => {
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'nope', agreed: true }, { token: demo })).body.msgId).toBe('ETRAIN1001')
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: false }, { token: demo })).body.msgId).toBe('ETRAIN1004')
    expect((await t.post(loginRailway.path, { account: '', password: '', agreed: true }, { token: demo, lang: 'en' })).body.msgText).toBe('Please enter the account and password')
    sandbox().switches.login = 'unavailable'
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: true }, { token: demo })).body.msgId).toBe('ETRAIN1003')
  })

  it('logs in, stays alive while used, times out (ETRAIN1002) when left alone', async () => {
    expect(ok(await t.post(isRailwayLogin.path, {}, { token: demo })).loggedIn).toBe(false)
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo })).body.msgId).toBe('ETRAIN1002')
    const state = ok(await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: true }, { token: demo }))
    expect(state).toMatchObject({ loggedIn: true, account: 'de*****06' })
    t.clock.t += 29 * 60_000
    await searchShanghaiBeijing(t, demo)
    t.clock.t += 29 * 60_000
    expect(ok(await t.post(isRailwayLogin.path, {}, { token: demo })).loggedIn).toBe(true)
    t.clock.t += 2 * 60_000
    expect(ok(await t.post(isRailwayLogin.path, {}, { token: demo })).loggedIn).toBe(false)
    const r = await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo, lang: 'en' })
    expect(r.body).toMatchObject({ status: 0, msgId: 'ETRAIN1002', msgText: 'Your railway login has timed out, please log in again' })
    // another attendee's railway login is theirs
    expect(ok(await t.post(isRailwayLogin.path, {}, { token: lilei })).loggedIn).toBe(false)
  })

  it('a railway login is alive until the millisecond before it expires; using it then moves its expiry', async () => {
    ok(await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: true }, { token: demo }))
    t.clock.t += 30 * 60_000 - 1
    await searchShanghaiBeijing(t, demo)
    t.clock.t += 30 * 60_000
    const r = await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo })
    expect(r.body.msgId).toBe('ETRAIN1002')
  })
})

describe('stations, pre-sale days, search, stops', () => {
  it('searches stations by name, pinyin and initials', async () => {
    const byName = ok(await t.post(queryTrainStation.path, { keyword: '北京南' }, { token: demo }))
    expect(byName[0]).toMatchObject({ code: 'VNP', name: '北京南', cityName: '北京', cityNameEn: 'Beijing', letter: 'B' })
    expect(ok(await t.post(queryTrainStation.path, { keyword: 'shanghaihongqiao' }, { token: demo }))[0].code).toBe('AOH')
    expect(ok(await t.post(queryTrainStation.path, { keyword: 'SHHQ' }, { token: demo }))[0].code).toBe('AOH')
    expect(ok(await t.post(queryTrainStation.path, { keyword: '不存在的站' }, { token: demo }))).toEqual([])
    expect((await t.post(queryTrainStation.path, { keyword: 'x'.repeat(21) }, { token: demo })).body.msgId).toBe('EVAL0001')
  })

  it('lists every station, or only the event\'s cities, hot cities first', async () => {
    const all = ok(await t.post(listTrainStations.path, {}, { token: demo }))
    expect(all.stations.length).toBe(3364)
    expect(all.hotCities.slice(0, 2)).toEqual(['北京', '上海'])
    const limited = ok(await t.post(listTrainStations.path, { limited: true }, { token: demo }))
    expect(new Set(limited.stations.map((s: { cityName: string }) => s.cityName))).toEqual(new Set(ok(await t.post(listAvailableRange.path, { product: 'train' }, { token: demo })).cities.map((c: { name: string }) => c.name)))
  })

  it('pre-sale days and hours', async () => {
    const p = ok(await t.post(getPreSaleDay.path, {}, { token: demo }))
    expect(p).toMatchObject({ today: dateAfter(t, 0), lastDate: dateAfter(t, 14), preSaleDays: 15, saleOpens: '05:00', saleCloses: '23:00', onSaleNow: true, childRule: 'height', payMinutes: 20 })
  })

  it('finds Shanghai → Beijing trains with seats, prices and the policy per seat, and their stops', async () => {
    await railwayLogin(t, demo)
    const trains = await searchShanghaiBeijing(t, demo)
    expect(trains.length).toBeGreaterThan(10)
    expect(new Set(trains.map((x) => x.trainType))).toEqual(new Set(['G', 'D', 'K', 'T', 'Z']))
    const g = bookableG(trains)
    expect(g.from.name.startsWith('上海')).toBe(true)
    expect(g.to.name.startsWith('北京')).toBe(true)
    const second = g.seats.find((s) => s.seatType === 'second')!
    expect(second.withinPolicy).toBe(true)
    expect(g.seats.find((s) => s.seatType === 'first')!.withinPolicy).toBe(false)
    expect(second.childPriceFen).toBe(Math.round(second.priceFen / 100) * 50 === second.childPriceFen ? second.childPriceFen : second.childPriceFen)
    expect(second.priceFen).toBeGreaterThan(40000)
    // the same search twice answers the same timetable
    expect((await searchShanghaiBeijing(t, demo)).map((x) => x.trainCode)).toEqual(trains.map((x) => x.trainCode))
    const stops = ok(await t.post(querySubwayStation.path, { trainCode: g.trainCode, date: g.date, fromStationCode: g.from.code, toStationCode: g.to.code }, { token: demo }))
    expect(stops.stops[0]).toMatchObject({ station: g.from, arriveTime: null, departTime: g.departTime, onSegment: true })
    expect(stops.stops.at(-1)).toMatchObject({ station: g.to, departTime: null, arriveTime: g.arriveTime })
  })

  it('refuses a date outside the pre-sale period, unknown stations and invented trains', async () => {
    await railwayLogin(t, demo)
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 15) }, { token: demo })).body.msgId).toBe('ETRAIN1025')
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, -1) }, { token: demo })).body.msgId).toBe('ETRAIN1025')
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'QQQ', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo })).body.msgId).toBe('ETRAIN1026')
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: '2026-02-30' }, { token: demo })).body.msgId).toBe('EVAL0001')
    expect((await t.post(querySubwayStation.path, { trainCode: 'G1_AOH_VNP', date: dateAfter(t, 1), fromStationCode: 'AOH', toStationCode: 'VNP' }, { token: demo })).body.msgId).toBe('ETRAIN1026')
  })
})

describe('saved travellers', () => {
  it('adds, edits, refuses bad input and duplicates, deletes only one\'s own', async () => {
    const id = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const bad = async (body: object, msgId: string) =>
      expect((await t.post(saveTraveller.path, { name: '王芳', documentType: 'idCard', documentNumber: idCard('19900101', 2), passengerType: 'adult', mobile: '13900000002', ...body }, { token: demo })).body.msgId).toBe(msgId)
    await bad({ name: 'x' }, 'ETRAIN1016')
    await bad({ documentNumber: '110101199003074478' }, 'EVAL0007')
    await bad({ documentType: 'drivingLicence' }, 'EVAL0007')
    await bad({ mobile: '12345' }, 'EVAL0002')
    await bad({ passengerType: 'senior' }, 'ETRAIN1019')
    await bad({ documentNumber: DEMO_USER.idNumber }, 'ETRAIN1010')
    await bad({ id: 999_999 }, 'ESYS0004')
    const passport = ok(await t.post(saveTraveller.path, { name: 'John Smith', documentType: 'passport', documentNumber: 'e1234567 8', passengerType: 'adult', mobile: '13900000003' }, { token: demo }))
    expect(passport).toMatchObject({ documentNumber: 'E12345678', auditStatus: 'pending', birthDate: null })
    const edited = ok(await t.post(saveTraveller.path, { id, name: '张小明', documentType: 'idCard', documentNumber: idCard('20160307', 1), passengerType: 'child', mobile: '13900000009' }, { token: demo }))
    expect(edited).toMatchObject({ id, mobile: '13900000009', auditStatus: 'passed', birthDate: '2016-03-07' })
    // Li Lei can neither see, edit nor delete them
    expect(ok(await t.post(listTravellers.path, {}, { token: lilei }))).toEqual([])
    expect((await t.post(saveTraveller.path, { id, name: '李四', documentType: 'idCard', documentNumber: idCard('19900101', 5), passengerType: 'adult', mobile: '13900000002' }, { token: lilei })).body.msgId).toBe('ESYS0004')
    expect((await t.post(deleteTravelers.path, { ids: [id] }, { token: lilei })).body.msgId).toBe('ESYS0004')
    // all or nothing
    expect((await t.post(deleteTravelers.path, { ids: [id, 999_999] }, { token: demo })).body.msgId).toBe('ESYS0004')
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).length).toBe(3)
    expect(ok(await t.post(deleteTravelers.path, { ids: [id, passport.id] }, { token: demo }))).toEqual({ deleted: 2 })
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).map((x: { id: number }) => x.id)).toEqual([me])
  })
})

describe('orders', () => {
  it('books two passengers (one a child), the company pays, tickets are issued', async () => {
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const { order } = await bookedOrder([
      { travellerId: me, passengerType: 'adult', seatChoice: 'F' },
      { travellerId: kid, passengerType: 'child', heightCm: 135, seatChoice: 'D' },
    ])
    expect(order).toMatchObject({ status: 'toBePaid', actions: ['pay', 'cancel'], payer: null })
    const [adult, child] = order.passengers
    expect(child.ticketPriceFen).toBe(Math.max(100, Math.round(adult.ticketPriceFen / 2 / 50) * 50))
    expect(order.amounts).toEqual({
      ticketPriceFen: adult.ticketPriceFen + child.ticketPriceFen,
      ticketFeeFen: 1000,
      serviceChargeFen: 0,
      totalFen: adult.ticketPriceFen + child.ticketPriceFen + 1000,
    })
    expect(Date.parse(order.payDeadline!) - Date.parse(order.createdAt)).toBe(20 * 60_000)
    expect(adult.documentNumberMasked).toBe('1101**********4477')

    const paid = ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    expect(paid).toMatchObject({ status: 'ticketing', payer: 'company', payDeadline: null })
    expect(ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo })).status).toBe('ticketing')
    t.clock.t += 3_000
    const issued = ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo }))
    expect(issued.status).toBe('issued')
    expect(issued.pickupNo).toMatch(/^E\d{9}$/)
    expect(issued.passengers[0]).toMatchObject({ seatPosition: 'window' })
    expect(issued.passengers[0].seatNo).toMatch(/^\d\dF$/)
    expect(issued.passengers[1].seatNo).toMatch(/^\d\dD$/)
    expect(issued.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'ticketingStarted', 'issued'])
    const tickets = ok(await t.post(getOrderTickets.path, { orderId: order.id }, { token: demo }))
    expect(tickets.tickets.map((x: { passengerType: string }) => x.passengerType)).toEqual(['adult', 'child'])
    // Li Lei cannot read, pay, cancel or ask about it
    for (const path of [getTrainOrderInfo.path, getOrderTickets.path, askOrderTicket.path, trainCancelOrder.path]) {
      expect((await t.post(path, { orderId: order.id }, { token: lilei })).body.msgId).toBe('ESYS0004')
    }
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: lilei })).body.msgId).toBe('ESYS0004')
    // the orders feed's repository function
    const feed = await listOwnerTrainOrders(t.db.db, { userId: paid.passengers.length && (await ownerIds()).userId, eventId: (await ownerIds()).eventId }, { limit: 10, offset: 0 })
    expect(feed.map((o) => [o.orderNo, o.status, o.passengerNames])).toEqual([[order.orderNo, 'issued', ['张伟', '张小明']]])
  })

  it('the job answers ticketing without anyone asking, also a failure, which refunds the company', async () => {
    sandbox().switches.ticketing = 'fail'
    const { order } = await bookedOrder()
    ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    t.clock.t += 3_000
    await t.app.jobs.runOnce(t.clock.now())
    const failed = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo, lang: 'en' }))
    expect(failed).toMatchObject({ status: 'failed', actions: ['rebook', 'remove'], refund: { amountFen: order.amounts.totalFen, state: 'refunded', to: 'company' } })
    expect(failed.failureText).toBe('The railway could not issue the tickets; the payment will be refunded')
    expect(failed.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'ticketingStarted', 'issueFailed', 'refunded'])
  })

  it('refuses bad orders with the spec\'s messages', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const adult = { travellerId: me, passengerType: 'adult' }
    const cases: Array<[object, string]> = [
      [{ passengers: [] }, 'ETRAIN1011'],
      [{ contactName: '' }, 'ETRAIN1012'],
      [{ contactMobile: '' }, 'ETRAIN1018'],
      [{ contactMobile: '1380013800' }, 'EVAL0002'],
      [{ agreed: false }, 'ETRAIN1013'],
      [{ passengers: [adult, adult] }, 'ETRAIN1015'],
      [{ passengers: [{ travellerId: kid, passengerType: 'child', heightCm: 130 }] }, 'ETRAIN1023'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child' }] }, 'ETRAIN1029'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child', heightCm: 119 }] }, 'ETRAIN1021'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child', heightCm: 151 }] }, 'ETRAIN1022'],
      [{ passengers: [{ travellerId: 999_999, passengerType: 'adult' }] }, 'ESYS0004'],
      [{ seatType: 'hardSleeper' }, 'ETRAIN1028'],
      [{ passengers: [{ ...adult, seatChoice: 'B' }], seatType: 'first', overPolicyReason: '客户要求' }, 'ETRAIN1033'],
      [{ seatType: 'first' }, 'ETRAIN1031'],
      [{ trainCode: 'G1_AOH_VNP' }, 'ETRAIN1026'],
      [{ fromStationCode: train.to.code, toStationCode: train.from.code }, 'ETRAIN1026'],
      [{ idempotencyKey: 'short' }, 'EVAL0001'],
    ]
    for (const [change, msgId] of cases) {
      const r = await t.post(saveTrainOrder.path, { ...orderBody(train, [adult]), ...change }, { token: demo })
      expect([JSON.stringify(change), r.body.msgId]).toEqual([JSON.stringify(change), msgId])
    }
    // Li Lei cannot book the demo attendee's traveller
    await railwayLogin(t, lilei)
    expect((await t.post(saveTrainOrder.path, orderBody(train, [adult]), { token: lilei })).body.msgId).toBe('ESYS0004')
    // over the policy with a reason: booked, the reason kept
    const over = ok(await t.post(saveTrainOrder.path, orderBody(train, [adult], { seatType: 'first', overPolicyReason: '客户要求' }), { token: demo }))
    expect(over.overPolicy).toMatchObject({ reason: '客户要求', breaches: [{ rule: 'trainSeatType' }] })
    // the same passenger twice on one train
    expect((await t.post(saveTrainOrder.path, orderBody(train, [adult]), { token: demo })).body.msgId).toBe('ETRAIN1034')
    // nothing half-written: only the one order exists
    expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  })

  it('a traveller the railway\'s identity check refused cannot be booked', async () => {
    sandbox().switches.audit = 'fail'
    const refused = await addTraveller(t, demo, '王芳', idCard('19900101', 3))
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).find((x: { id: number }) => x.id === refused)).toMatchObject({ auditStatus: 'failed' })
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const r = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: refused, passengerType: 'adult' }]), { token: demo, lang: 'en' })
    expect(r.body).toMatchObject({ msgId: 'ETRAIN1017', msgText: 'Passenger 王芳 did not pass the railway identity check and cannot be booked' })
  })

  it('LOCKED follows today\'s railway rules: children by age from the ID card, no height asked', async () => {
    const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'LOCKED', userName: DEMO_USER.userName, password: DEMO_USER.password, idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE })
    const locked = r.body.data.token as string
    expect(ok(await t.post(getPreSaleDay.path, {}, { token: locked }))).toMatchObject({ childRule: 'age', saleCloses: '01:00' })
    const adult = await addTraveller(t, locked, '张伟', DEMO_USER.idNumber)
    const born = (y: number) => idCard(`${y}0101`, y % 1000)
    const [ten, five, fifteen] = [await addTraveller(t, locked, '张小明', born(Number(dateAfter(t, 1).slice(0, 4)) - 10), 'child'), await addTraveller(t, locked, '张小红', born(Number(dateAfter(t, 1).slice(0, 4)) - 5), 'child'), await addTraveller(t, locked, '张大明', born(Number(dateAfter(t, 1).slice(0, 4)) - 15), 'child')]
    await railwayLogin(t, locked)
    const train = bookableG(await searchShanghaiBeijing(t, locked))
    const book = (kid: number) => t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: adult, passengerType: 'adult' }, { travellerId: kid, passengerType: 'child' }]), { token: locked })
    expect((await book(five)).body.msgId).toBe('ETRAIN1021')
    expect((await book(fifteen)).body.msgId).toBe('ETRAIN1022')
    expect(ok(await book(ten)).passengers.map((p: { passengerType: string }) => p.passengerType)).toEqual(['adult', 'child'])
  })

  it('outside ticketing hours (spec §9 05:00-23:00) nothing is saved', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo, 2))
    t.clock.t += 11 * 3600_000 // 23:00 Shanghai
    await railwayLogin(t, demo)
    const r = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), { token: demo, lang: 'en' })
    expect(r.body).toMatchObject({ msgId: 'ETRAIN1024', msgText: 'Online ticketing is open 05:00-23:00, please submit then' })
  })

  it('a retry with the same key answers the same order; another body with it is refused', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const body = orderBody(train, [{ travellerId: me, passengerType: 'adult' }])
    const first = ok(await t.post(saveTrainOrder.path, body, { token: demo }))
    const again = ok(await t.post(saveTrainOrder.path, body, { token: demo }))
    expect(again.id).toBe(first.id)
    // the answer (built from the rows as the one-statement write returned them) is the
    // order as stored: a fresh read gives the same view
    const { serverNow: _then, ...answered } = first
    const { serverNow: _now, ...stored } = ok(await t.post(getTrainOrderInfo.path, { orderId: first.id }, { token: demo }))
    expect(stored).toEqual(answered)
    expect((await t.post(saveTrainOrder.path, { ...body, contactName: '王芳' }, { token: demo })).body.msgId).toBe('EVAL0009')
    const payKey = newKey()
    const p1 = ok(await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: payKey }, { token: demo }))
    const p2 = ok(await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: payKey }, { token: demo }))
    expect(p2).toEqual(p1)
    expect((await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1040')
  })

  it('cancel frees the seats; only an unpaid order can be cancelled', async () => {
    const { order } = await bookedOrder()
    const canceled = ok(await t.post(trainCancelOrder.path, { orderId: order.id }, { token: demo }))
    expect(canceled).toMatchObject({ status: 'canceled', actions: ['rebook', 'remove'] })
    expect((await t.post(trainCancelOrder.path, { orderId: order.id }, { token: demo })).body.msgId).toBe('ETRAIN1041')
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1040')
  })

  it('the server cancels an unpaid order at its deadline, to the second', async () => {
    const { order } = await bookedOrder()
    t.clock.t = Date.parse(order.payDeadline!) - 1
    await t.app.jobs.runOnce(t.clock.now())
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('toBePaid')
    t.clock.t = Date.parse(order.payDeadline!)
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1042')
    await t.app.jobs.runOnce(t.clock.now())
    const overdue = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))
    expect(overdue).toMatchObject({ status: 'overdue', actions: ['rebook', 'remove'], payDeadline: null })
  })

  it('the attendee pays by WeChat Pay: the notification starts ticketing, tickets are issued', async () => {
    const { order } = await bookedOrder()
    const key = newKey()
    const start = ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: key, tradeType: 'NATIVE', wxCode: '' }, { token: demo }))
    // a retry of the same tap answers the same payment
    expect(ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: key, tradeType: 'NATIVE', wxCode: '' }, { token: demo })).payment.paymentNo).toBe(start.payment.paymentNo)
    expect((await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'APP', wxCode: '' }, { token: demo })).body.msgId).toBe('EVAL0001')
    expect((await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: lilei })).body.msgId).toBe('ESYS0004')
    expect(await t.app.deps.wechatPay.sandbox!.pay(start.payment.paymentNo)).toBe('SUCCESS')
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))).toMatchObject({ status: 'ticketing', payer: 'attendee' })
    t.clock.t += 3_000
    expect(ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo })).status).toBe('issued')
  })

  it('WeChat money that arrives after the deadline is refunded, never ticketed', async () => {
    const { order } = await bookedOrder()
    const start = ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: demo }))
    expect(start.payment).toMatchObject({ tradeType: 'NATIVE', amountFen: order.amounts.totalFen })
    expect(start.payment.codeUrl).not.toBe('')
    // the attendee pays a second before the deadline, but WeChat's notification is late
    const wx = t.app.deps.wechatPay.sandbox!
    wx.notifications = 'drop'
    t.clock.t = Date.parse(order.payDeadline!) - 1_000
    expect(await wx.pay(start.payment.paymentNo)).toBe('SUCCESS')
    t.clock.t = Date.parse(order.payDeadline!) + 1_000
    await t.app.jobs.runOnce(t.clock.now())
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('overdue')
    wx.notifications = 'deliver'
    await wx.renotify(start.payment.paymentNo)
    await t.app.jobs.runOnce(t.clock.now())
    const after = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo, lang: 'en' }))
    expect(after.status).toBe('overdue')
    expect(after.refund).toMatchObject({ amountFen: order.amounts.totalFen, to: 'attendee' })
    expect(after.failureText).toBe('The payment arrived after the order was cancelled; it will be refunded')
  })
})

async function ownerIds() {
  const [row] = await t.db.db.select({ userId: trainOrders.userId, eventId: trainOrders.eventId }).from(trainOrders).limit(1)
  return row
}

describe('seats per segment', () => {
  it('a seat sold Shanghai → an intermediate stop is free from there on; the whole way it is not', async () => {
    await railwayLogin(t, demo)
    const trains = await searchShanghaiBeijing(t, demo)
    let train: TrainOffer | undefined
    let stops: Array<{ station: { code: string } }> = []
    for (const x of trains.filter((y) => y.trainType === 'G' && y.bookable)) {
      stops = ok(await t.post(querySubwayStation.path, { trainCode: x.trainCode, date: x.date, fromStationCode: x.from.code, toStationCode: x.to.code }, { token: demo })).stops
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
      t.post(saveTrainOrder.path, { ...orderBody(train!, [{ travellerId, passengerType: 'adult' }]), fromStationCode: from, toStationCode: to }, { token: demo })
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

describe('travel policy calls', () => {
  it('answers DEMO\'s standard, visibility, range and verdicts', async () => {
    expect(ok(await t.post(getTravelStandard.path, {}, { token: demo }))).toMatchObject({ overPolicy: 'reason', payers: ['company', 'attendee'], flight: { cabinClasses: ['economy'] } })
    expect(ok(await t.post(listVisibilityRule.path, {}, { token: demo }))).toEqual([
      { product: 'train', visible: true },
      { product: 'flight', visible: true },
    ])
    const range = ok(await t.post(listAvailableRange.path, { product: 'train' }, { token: demo }))
    expect(range.unrestricted).toBe(false)
    expect(range.cities).toContainEqual({ name: '北京', nameEn: 'Beijing' })
    expect((await t.post(listAvailableRange.path, { product: 'bus' }, { token: demo })).body.msgId).toBe('EVAL0001')
    await railwayLogin(t, demo)
    const g = bookableG(await searchShanghaiBeijing(t, demo))
    const seg = { trainCode: g.trainCode, date: g.date, fromStationCode: g.from.code, toStationCode: g.to.code }
    expect(ok(await t.post(trainOrderVerify.path, { ...seg, seatType: 'second' }, { token: demo }))).toEqual({ withinPolicy: true, overPolicy: 'reason', breaches: [] })
    const first = ok(await t.post(trainOrderVerify.path, { ...seg, seatType: 'first' }, { token: demo, lang: 'en' }))
    expect(first.breaches).toEqual([{ rule: 'trainSeatType', text: 'G trains: second class, standing allowed, first class is outside the policy' }])
  })
})

describe('/dev/clock', () => {
  it('moves the app\'s clock and runs what fell due (an unpaid order becomes overdue)', async () => {
    const { order } = await bookedOrder()
    const r = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 21 * 60_000 }, remoteAddress: '127.0.0.1' })
    expect(r.json().jobsRun).toBeGreaterThan(0)
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('overdue')
    expect((await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 1 }, remoteAddress: '203.0.113.9' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: -1 }, remoteAddress: '127.0.0.1' })).statusCode).toBe(400)
    void eq
  })

  it('is not there in production, nor are the railway switches', async () => {
    const prod = await t.buildApp({ prepareDb: false, config: { isProduction: true, nodeEnv: 'production' } })
    expect(prod.devClock).toBeNull()
    for (const url of ['/dev/clock', '/dev/railway', '/dev/railway/seats']) {
      expect((await prod.inject({ method: 'POST', url, payload: {}, remoteAddress: '127.0.0.1' })).statusCode).toBe(404)
    }
  })
})

describe('the orders list shows train orders', () => {
  it('labels them in the caller’s language, filters by status group and payer, and shows nobody else’s', async () => {
    const { order } = await bookedOrder()
    const list = (body: object, token = demo, lang: 'zh' | 'en' = 'en') => t.post(pageOrders.path, { pageNo: 1, pageSize: 10, ...body }, { token, lang })
    expect(ok(await list({}))).toMatchObject({ total: 1, list: [{ kind: 'train', orderNo: order.orderNo, status: 'toBePaid', statusGroup: 'toPay', statusLabel: 'To be paid', payer: 'self', amountFen: order.amounts.totalFen }] })
    expect(ok(await list({}, demo, 'zh')).list[0]).toMatchObject({ statusLabel: '待支付', title: expect.stringContaining('→') })
    expect(ok(await t.post(pageBusinessOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).total).toBe(0)

    ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    expect(ok(await list({ statusGroup: 'toPay' })).total).toBe(0)
    expect(ok(await list({ statusGroup: 'processing' })).list[0]).toMatchObject({ status: 'ticketing', statusLabel: 'Ticketing in progress', payer: 'company' })
    expect(ok(await t.post(pageBusinessOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).total).toBe(1)
    expect(ok(await list({ kind: 'air' })).total).toBe(0)
    expect(ok(await list({}, lilei))).toMatchObject({ total: 0, list: [] })
  })
})
