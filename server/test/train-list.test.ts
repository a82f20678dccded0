/**
 * queryTrainTicket's compact answer (contracts/train-list.ts): every station named once, and the
 * client's expansion gives back exactly the TrainSearchResult the server compacted.
 */
import { queryTrainTicket, type StationRef, type TrainOffer, type TrainSearchResult } from '@contracts/calls/train'
import { compactTrainList, expandTrainList } from '@contracts/train-list'
import { ownerOf } from '../src/kernel/http/owner'
import { resolveSession } from '../src/auth/sessions'
import { searchTrains } from '../src/train/search'
import { setup, type TestContext } from './helper'
import { dateAfter, loginAs, railwayLogin } from './train-support'

const AOH: StationRef = { code: 'AOH', name: '上海虹桥', nameEn: 'Shanghaihongqiao' }
const SHH: StationRef = { code: 'SHH', name: '上海', nameEn: 'Shanghai' }
const VNP: StationRef = { code: 'VNP', name: '北京南', nameEn: 'Beijingnan' }
const BJP: StationRef = { code: 'BJP', name: '北京', nameEn: 'Beijing' }
const NKH: StationRef = { code: 'NKH', name: '南京', nameEn: 'Nanjing' }
const GZQ: StationRef = { code: 'GZQ', name: '广州', nameEn: 'Guangzhou' }

const offer = (over: Partial<TrainOffer> & { trainNo: string }): TrainOffer => ({
  trainCode: `24000${over.trainNo}0`,
  trainType: 'G',
  from: AOH,
  to: VNP,
  origin: AOH,
  terminus: VNP,
  date: '2026-12-01',
  departTime: '08:00',
  arriveTime: '12:28',
  departAt: '2026-12-01T08:00:00+08:00',
  arriveAt: '2026-12-01T12:28:00+08:00',
  arriveDayOffset: 0,
  durationMinutes: 268,
  distanceKm: 1318,
  fromIsOrigin: true,
  toIsTerminus: true,
  seats: [
    { seatType: 'business', priceFen: 174800, childPriceFen: 87400, left: 3, withinPolicy: false },
    { seatType: 'second', priceFen: 55300, childPriceFen: 27650, left: 99, withinPolicy: true },
  ],
  bookable: true,
  ...over,
})

const RESULT: TrainSearchResult = {
  from: AOH,
  to: BJP,
  date: '2026-12-01',
  trains: [
    offer({ trainNo: 'G1' }),
    // passing through both cities, from another station, sold out and no longer bookable
    offer({
      trainNo: 'G7',
      trainType: 'G',
      from: SHH,
      origin: NKH,
      fromIsOrigin: false,
      seats: [{ seatType: 'second', priceFen: 55300, childPriceFen: 27650, left: 0, withinPolicy: true }],
      bookable: false,
    }),
    // overnight: leaves before midnight, arrives two days later (a long run ending beyond Beijing)
    offer({
      trainNo: 'Z99',
      trainType: 'Z',
      to: BJP,
      terminus: GZQ,
      toIsTerminus: false,
      departTime: '23:50',
      arriveTime: '06:10',
      departAt: '2026-12-01T23:50:00+08:00',
      arriveAt: '2026-12-03T06:10:00+08:00',
      arriveDayOffset: 2,
      durationMinutes: 1820,
      seats: [],
    }),
  ],
}

describe('the train list answer', () => {
  it('expands to exactly the result it was made of', () => {
    // through JSON, as the client receives it
    expect(expandTrainList(JSON.parse(JSON.stringify(compactTrainList(RESULT))))).toEqual(RESULT)
  })

  it('names each station once, not on every train', () => {
    const list = compactTrainList(RESULT)
    expect(Object.keys(list.stations).sort()).toEqual(['AOH', 'BJP', 'GZQ', 'NKH', 'SHH', 'VNP'])
    expect(list.stations.VNP).toEqual({ name: '北京南', nameEn: 'Beijingnan' })
    expect(list).toMatchObject({ from: 'AOH', to: 'BJP', date: '2026-12-01' })
    const text = JSON.stringify(list)
    expect(text.split('北京南').length - 1).toBe(1)
    expect(text.split('Shanghaihongqiao').length - 1).toBe(1)
    // what the instants say is not sent again
    expect(list.trains[0]).not.toHaveProperty('departTime')
    expect(list.trains[0]).not.toHaveProperty('arriveDayOffset')
    expect(list.trains[0].seats[1]).toEqual(['second', 55300, 27650, 99, true])
  })

  it('a code missing from the dictionary shows as the code, never as a crash', () => {
    const list = compactTrainList({ ...RESULT, trains: [RESULT.trains[0]] })
    const expanded = expandTrainList({ ...list, stations: {} })
    expect(expanded.from).toEqual({ code: 'AOH', name: 'AOH', nameEn: 'AOH' })
    expect(expanded.trains[0].to).toEqual({ code: 'VNP', name: 'VNP', nameEn: 'VNP' })
  })

  it('an empty day is an empty list', () => {
    const empty = { from: AOH, to: SHH, date: '2026-12-01', trains: [] }
    expect(expandTrainList(compactTrainList(empty))).toEqual(empty)
  })
})

describe('queryTrainTicket', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(() => t.close())

  it('answers the compact list, which expands to the very trains the search made (the change-ticket options use them)', async () => {
    const token = await loginAs(t, 'demo')
    await railwayLogin(t, token)
    const body = { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 2) }
    const r = await t.post(queryTrainTicket.path, body, { token })
    expect(r.body.status).toBe(200)
    expect(r.body.data.trains.length).toBeGreaterThan(10)
    expect(Object.keys(r.body.data.stations)).toEqual(expect.arrayContaining(['AOH', 'BJP', 'VNP']))
    const resolved = await resolveSession(t.app.deps, token, t.clock.now())
    if (!('session' in resolved)) throw new Error(resolved.msgId)
    const made = await searchTrains(t.app.deps, ownerOf(resolved.session), body, 'zh')
    expect(expandTrainList(r.body.data)).toEqual(JSON.parse(JSON.stringify(made)))
  })
})
