/** The train calls through the API: railway login, stations, pre-sale days, search, stops, saved travellers. Set-up: train-api-support.ts. */
import {
  deleteTravelers,
  getPreSaleDay,
  isRailwayLogin,
  listTrainStations,
  listTravellers,
  loginRailway,
  querySubwayStation,
  queryTrainStation,
  queryTrainTicket,
  saveTraveller,
} from '@contracts/calls/train'
import { listAvailableRange } from '@contracts/calls/travel'
import { DEMO_USER } from '../src/seed'
import { addTraveller, bookableG, dateAfter, idCard, ok, railwayLogin, searchShanghaiBeijing } from './train-support'
import { demo, lilei, me, sandbox, t, useTrainApp } from './train-api-support'

useTrainApp()

describe('railway login', () => {
  it('wrong password, no agreement, nothing typed, the railway not answering', async () => {
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'nope', agreed: true }, { token: demo })).body.msgId).toBe('ETRAIN1001')
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: false }, { token: demo })).body.msgId).toBe('ETRAIN1004')
    expect((await t.post(loginRailway.path, { account: '', password: '', agreed: true }, { token: demo, lang: 'en' })).body.msgText).toBe(
      'Please enter the account and password',
    )
    sandbox().switches.login = 'unavailable'
    expect((await t.post(loginRailway.path, { account: 'demo12306', password: 'Rail@2026', agreed: true }, { token: demo })).body.msgId).toBe('ETRAIN1003')
  })

  it('logs in, stays alive while used, times out (ETRAIN1002) when left alone', async () => {
    expect(ok(await t.post(isRailwayLogin.path, {}, { token: demo })).loggedIn).toBe(false)
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo })).body.msgId).toBe(
      'ETRAIN1002',
    )
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

  it("lists every station, or only the event's cities, hot cities first", async () => {
    const all = ok(await t.post(listTrainStations.path, {}, { token: demo }))
    expect(all.stations.length).toBe(3364)
    expect(all.hotCities.slice(0, 2)).toEqual(['北京', '上海'])
    const limited = ok(await t.post(listTrainStations.path, { limited: true }, { token: demo }))
    expect(new Set(limited.stations.map((s: { cityName: string }) => s.cityName))).toEqual(
      new Set(ok(await t.post(listAvailableRange.path, { product: 'train' }, { token: demo })).cities.map((c: { name: string }) => c.name)),
    )
  })

  it('pre-sale days and hours', async () => {
    const p = ok(await t.post(getPreSaleDay.path, {}, { token: demo }))
    expect(p).toMatchObject({
      today: dateAfter(t, 0),
      lastDate: dateAfter(t, 14),
      preSaleDays: 15,
      saleOpens: '05:00',
      saleCloses: '23:00',
      onSaleNow: true,
      childRule: 'height',
      payMinutes: 20,
    })
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
    const stops = ok(
      await t.post(querySubwayStation.path, { trainCode: g.trainCode, date: g.date, fromStationCode: g.from.code, toStationCode: g.to.code }, { token: demo }),
    )
    expect(stops.stops[0]).toMatchObject({ station: g.from, arriveTime: null, departTime: g.departTime, onSegment: true })
    expect(stops.stops.at(-1)).toMatchObject({ station: g.to, departTime: null, arriveTime: g.arriveTime })
  })

  it('refuses a date outside the pre-sale period, unknown stations and invented trains', async () => {
    await railwayLogin(t, demo)
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 15) }, { token: demo })).body.msgId).toBe(
      'ETRAIN1025',
    )
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, -1) }, { token: demo })).body.msgId).toBe(
      'ETRAIN1025',
    )
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'QQQ', toStationCode: 'BJP', date: dateAfter(t, 1) }, { token: demo })).body.msgId).toBe(
      'ETRAIN1026',
    )
    expect((await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: '2026-02-30' }, { token: demo })).body.msgId).toBe(
      'EVAL0001',
    )
    expect(
      (await t.post(querySubwayStation.path, { trainCode: 'G1_AOH_VNP', date: dateAfter(t, 1), fromStationCode: 'AOH', toStationCode: 'VNP' }, { token: demo }))
        .body.msgId,
    ).toBe('ETRAIN1026')
  })
})

describe('saved travellers', () => {
  it("adds, edits, refuses bad input and duplicates, deletes only one's own", async () => {
    const id = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const bad = async (body: object, msgId: string) =>
      expect(
        (
          await t.post(
            saveTraveller.path,
            { name: '王芳', documentType: 'idCard', documentNumber: idCard('19900101', 2), passengerType: 'adult', mobile: '13900000002', ...body },
            { token: demo },
          )
        ).body.msgId,
      ).toBe(msgId)
    await bad({ name: 'x' }, 'ETRAIN1016')
    await bad({ documentNumber: '110101199003074478' }, 'EVAL0007')
    await bad({ documentType: 'drivingLicence' }, 'EVAL0007')
    await bad({ mobile: '12345' }, 'EVAL0002')
    await bad({ passengerType: 'senior' }, 'ETRAIN1019')
    await bad({ documentNumber: DEMO_USER.idNumber }, 'ETRAIN1010')
    await bad({ id: 999_999 }, 'ESYS0004')
    const passport = ok(
      await t.post(
        saveTraveller.path,
        { name: 'John Smith', documentType: 'passport', documentNumber: 'e1234567 8', passengerType: 'adult', mobile: '13900000003' },
        { token: demo },
      ),
    )
    expect(passport).toMatchObject({ documentNumber: 'E12345678', auditStatus: 'pending', birthDate: null })
    const edited = ok(
      await t.post(
        saveTraveller.path,
        { id, name: '张小明', documentType: 'idCard', documentNumber: idCard('20160307', 1), passengerType: 'child', mobile: '13900000009' },
        { token: demo },
      ),
    )
    expect(edited).toMatchObject({ id, mobile: '13900000009', auditStatus: 'passed', birthDate: '2016-03-07' })
    // Li Lei can neither see, edit nor delete them
    expect(ok(await t.post(listTravellers.path, {}, { token: lilei }))).toEqual([])
    expect(
      (
        await t.post(
          saveTraveller.path,
          { id, name: '李四', documentType: 'idCard', documentNumber: idCard('19900101', 5), passengerType: 'adult', mobile: '13900000002' },
          { token: lilei },
        )
      ).body.msgId,
    ).toBe('ESYS0004')
    expect((await t.post(deleteTravelers.path, { ids: [id] }, { token: lilei })).body.msgId).toBe('ESYS0004')
    // all or nothing
    expect((await t.post(deleteTravelers.path, { ids: [id, 999_999] }, { token: demo })).body.msgId).toBe('ESYS0004')
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).length).toBe(3)
    expect(ok(await t.post(deleteTravelers.path, { ids: [id, passport.id] }, { token: demo }))).toEqual({ deleted: 2 })
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).map((x: { id: number }) => x.id)).toEqual([me])
  })
})
