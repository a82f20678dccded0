/** What the train tests share: logins, a railway login, a bookable train, travellers. */
import { guestLogin } from '@contracts/calls/auth'
import {
  askChangeOrderTicket,
  getTrainOrderInfo,
  loginRailway,
  payOnBusiness,
  paymentOrder,
  querySubwayStation,
  queryTrainTicket,
  saveTrainOrder,
  saveTraveller,
  saveChange,
  type ChangeOptions,
  type ChangeResult,
  type TrainOffer,
  type TrainOrderView,
} from '@contracts/calls/train'
import { expandTrainList } from '@contracts/train-list'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { DEMO_RAILWAY_ACCOUNT } from '../src/train/railway'
import { stationByCode } from '../src/train/railway/stations'
import { DEMO_TRAVEL_POLICY } from '../src/train/seed'
import { SearchCaches } from '../src/search-caches'
import type { Envelope } from '@contracts/envelope'
import type { TestContext } from './helper'

/** a password login; `lang` is the app's language at login (the server keeps it for the attendee's SMS) */
export async function loginAs(t: TestContext, who: 'demo' | 'lilei', eventCode = 'DEMO', lang?: 'zh' | 'en'): Promise<string> {
  const u = who === 'demo' ? DEMO_USER : COLLEAGUE_USER
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode, userName: u.userName, password: u.password }, lang ? { lang } : {})
  if (!r.body.data?.token) throw new Error(`login failed: ${JSON.stringify(r.body)}`)
  return r.body.data.token as string
}

/** the data of a successful answer; anything else fails the test with the answer's message id */
export function ok<T>(r: { body: Envelope<T> }): T {
  const { status, data, msgId } = r.body
  if (status !== 200 || data === null || data === undefined) throw new Error(`expected success, got ${msgId}: ${JSON.stringify(r.body)}`)
  return data
}

export async function railwayLogin(t: TestContext, token: string): Promise<void> {
  const r = await t.post(loginRailway.path, { ...DEMO_RAILWAY_ACCOUNT, agreed: true }, { token })
  if (r.body.status !== 200) throw new Error(`railway login failed: ${JSON.stringify(r.body)}`)
}

/** the Shanghai date `days` after the test clock's today */
export const dateAfter = (t: TestContext, days: number): string =>
  new Date(t.clock.now().getTime() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

/** Shanghai → Beijing trains tomorrow */
export async function searchShanghaiBeijing(t: TestContext, token: string, days = 1): Promise<TrainOffer[]> {
  const r = await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, days) }, { token })
  if (r.body.status !== 200) throw new Error(JSON.stringify(r.body))
  return expandTrainList(r.body.data).trains
}

/** a G train with second-class seats left */
export const bookableG = (trains: TrainOffer[]): TrainOffer => {
  const g = trains.find((x) => x.trainType === 'G' && x.bookable && x.seats.some((s) => s.seatType === 'second' && s.left > 10))
  if (!g) throw new Error('no bookable G train')
  return g
}

/** GB 11643 check digit of 17 digits */
export function idWithCheck(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * w[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

/** a valid ID card number born on `yyyymmdd`, made distinct by `n` */
export const idCard = (yyyymmdd: string, n: number): string => idWithCheck(`110101${yyyymmdd}${String(n % 1000).padStart(3, '0')}`)

export async function addTraveller(
  t: TestContext,
  token: string,
  name: string,
  documentNumber: string,
  passengerType: 'adult' | 'child' = 'adult',
): Promise<number> {
  const r = await t.post(saveTraveller.path, { name, documentType: 'idCard', documentNumber, passengerType, mobile: '13900000001' }, { token })
  if (r.body.status !== 200) throw new Error(JSON.stringify(r.body))
  return r.body.data.id as number
}

let keyNo = 0
export const newKey = (): string => `test-key-${Date.now()}-${++keyNo}`

/** a saveTrainOrder body for a train as searched: second class, the demo contact, agreement ticked */
export function orderBody(train: TrainOffer, passengers: object[], extra: object = {}) {
  return {
    idempotencyKey: newKey(),
    trainCode: train.trainCode,
    date: train.date,
    fromStationCode: train.from.code,
    toStationCode: train.to.code,
    seatType: 'second',
    passengers,
    contactName: '张伟',
    contactMobile: '13800138000',
    agreed: true,
    ...extra,
  }
}

// --- after-sales ---

/** whether DEMO's travel policy lets a trip end at this station (its city is in the policy's range) */
const inDemoRange = (code: string): boolean => {
  const city = stationByCode(code)?.cityName
  return !DEMO_TRAVEL_POLICY.rangeCities || (city !== undefined && DEMO_TRAVEL_POLICY.rangeCities.includes(city))
}

/**
 * A G train Shanghai → Beijing tomorrow with at least 3 stops and seats, and its stop codes on the
 * attendee's segment. The first stop after boarding is in a city of DEMO's travel policy, so a trip
 * or a change may end there: which trains run, and where they stop, follows the date.
 */
export async function trainWithStops(t: TestContext, token: string): Promise<{ train: TrainOffer; stops: string[] }> {
  for (const x of (await searchShanghaiBeijing(t, token)).filter(
    (y) => y.trainType === 'G' && y.bookable && y.seats.some((s) => s.seatType === 'second' && s.left > 10),
  )) {
    const r = await t.post(querySubwayStation.path, { trainCode: x.trainCode, date: x.date, fromStationCode: x.from.code, toStationCode: x.to.code }, { token })
    const stops = (r.body.data?.stops ?? []).filter((s: { onSegment: boolean }) => s.onSegment).map((s: { station: { code: string } }) => s.station.code)
    if (stops.length >= 3 && inDemoRange(stops[1])) return { train: x, stops }
  }
  throw new Error('no G train with a stop in a city of the travel policy')
}

/** the railway's delay passes and the due jobs run (twice: a job may make the next one) */
export async function runDue(t: TestContext, ms = 3_000): Promise<void> {
  t.clock.t += ms
  await t.app.jobs.runOnce(t.clock.now())
  await t.app.jobs.runOnce(t.clock.now())
}

/** books (to the segment's end, or its first stop), pays (company or WeChat Pay) and lets the railway issue */
export async function issuedOrder(
  t: TestContext,
  token: string,
  opts: { passengers: object[]; pay?: 'company' | 'wechat'; to?: 'mid' | 'end' },
): Promise<{ order: TrainOrderView; train: TrainOffer; stops: string[] }> {
  const { train, stops } = await trainWithStops(t, token)
  const to = opts.to === 'mid' ? stops[1] : stops[stops.length - 1]
  const saved = await t.post(saveTrainOrder.path, { ...orderBody(train, opts.passengers), toStationCode: to }, { token })
  if (saved.body.status !== 200) throw new Error(JSON.stringify(saved.body))
  const orderId = saved.body.data!.id as number
  if (opts.pay === 'wechat') {
    const start = await t.post(paymentOrder.path, { orderId, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token })
    await t.app.deps.wechatPay.sandbox!.pay(start.body.data!.payment.paymentNo)
  } else await t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token })
  await runDue(t)
  const order = (await t.post(getTrainOrderInfo.path, { orderId }, { token })).body.data as TrainOrderView
  if (order.status !== 'issued') throw new Error(`not issued: ${order.status}`)
  return { order, train, stops }
}

/** the app's search caches made anew on a fake monotonic clock: tests age their entries by moving `mono.ms` */
export function cachesOnFakeClock(t: TestContext, mono: { ms: number }): void {
  mono.ms = 0
  t.app.deps.searchCaches.close()
  t.app.deps.searchCaches = new SearchCaches({ monotonicMs: () => mono.ms })
}

/** a change of an issued order's first passenger to the segment's first stop (same train, second class), as priced: the options asked and the change saved */
export async function changeToFirstStop(
  t: TestContext,
  token: string,
  x: { order: TrainOrderView; train: TrainOffer; stops: string[] },
  lang?: 'zh' | 'en',
): Promise<{ opts: ChangeOptions; made: ChangeResult }> {
  const { order, train, stops } = x
  const p = order.passengers[0]
  const opts = ok<ChangeOptions>(
    await t.post(
      askChangeOrderTicket.path,
      { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: stops[1] },
      { token },
    ),
  )
  const quote = opts.trains.find((y) => y.trainCode === train.trainCode)!.quotes.find((q) => q.seatType === 'second')!
  const made = ok<ChangeResult>(
    await t.post(
      saveChange.path,
      {
        idempotencyKey: newKey(),
        orderId: order.id,
        passengerIds: [p.id],
        changeType: 'destination',
        cause: 'planChanged',
        trainCode: train.trainCode,
        date: train.date,
        toStationCode: stops[1],
        seatType: 'second',
        expectedDifferenceFen: quote.differenceFen,
      },
      { token, ...(lang ? { lang } : {}) },
    ),
  )
  return { opts, made }
}
