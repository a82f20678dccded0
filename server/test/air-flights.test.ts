/**
 * Finding a flight through the air calls on PGlite: airports and cities by name, code or pinyin
 * initials; a day's flights with the price calendar; cabins with their fares and policy marks;
 * fare rules; the policy verdict before booking; refused searches. Set-up: air-support.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import * as air from '@contracts/calls/flight'
import { day, ok, pick, post, refOf, useAirApp } from './air-support'

useAirApp()

describe('airports', () => {
  it('lists cities with their airports, Shanghai with PVG and SHA, names in both languages', async () => {
    const cities = await ok<air.AirportCity[]>(air.listAirport.path, {})
    const sha = cities.find((c) => c.cityCode === 'SHA')!
    expect(sha.airports.map((a) => a.code).sort()).toEqual(['PVG', 'SHA'])
    expect(sha).toMatchObject({ cityZh: '上海', cityEn: 'Shanghai', hot: true })
    expect(cities.length).toBeGreaterThan(40)
  })

  it.each([
    ['北京', 'BJS'],
    ['beijing', 'BJS'],
    ['PEK', 'BJS'],
    ['shanghai', 'SHA'],
    ['Pudong', 'SHA'],
    ['hk', 'HKG'],
    // pinyin initials of the city's Chinese name: "bj" finds Beijing, "sh" Shanghai before Shenzhen
    ['bj', 'BJS'],
    ['BJ', 'BJS'],
    ['sh', 'SHA'],
    ['sz', 'SZX'],
    ['xa', 'SIA'],
    ['cq', 'CKG'],
  ])('search %s finds %s first', async (keyword, city) => {
    const found = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword })
    expect(found[0].cityCode).toBe(city)
  })

  it("a city found by its initials brings all its airports; an airport's own initials find it too", async () => {
    const [bj] = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword: 'bj' })
    expect(bj.airports.map((a) => a.code).sort()).toEqual(['PEK', 'PKX'])
    const pd = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword: 'shpd' })
    expect(pd.map((c) => c.cityCode)).toContain('SHA')
  })

  it('an unknown word finds nothing; a 41-character one is refused', async () => {
    expect(await ok(air.findAirportList.path, { keyword: 'zzzzqqq' })).toEqual([])
    expect((await post(air.findAirportList.path, { keyword: 'x'.repeat(41) })).body.msgId).toBe('EVAL0001')
  })
})

describe('flights', () => {
  it('a day Shanghai → Beijing: flights of every airport pair by time, the price calendar around it', async () => {
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) }))
    expect(list.flights.length).toBeGreaterThan(5)
    const times = list.flights.map((f) => f.dep.time)
    expect([...times].sort()).toEqual(times)
    expect(new Set(list.flights.map((f) => f.depAirport))).toEqual(new Set(['PVG', 'SHA']))
    expect(list.calendar.map((d) => d.date)).toEqual([day(0), day(1), day(2), day(3), day(4), day(5), day(6)])
    const f = list.flights[0]
    expect(f.dep.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+08:00$/)
    expect(f.airline.nameZh).toBeTruthy()
    // the answer names each airline and airport once; expanded, a flight is what its cabins call shows
    const raw = await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) })
    expect(Object.keys(raw.airports).sort()).toEqual([...new Set(list.flights.flatMap((x) => [x.depAirport, x.arrAirport]))].sort())
    expect(Object.keys(raw.airlines).sort()).toEqual([...new Set(list.flights.map((x) => x.airline.code))].sort())
    expect((await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })).flight).toEqual(f)
    // the same search answers the same schedule
    expect(
      expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) })).flights.map((x) => x.flightNo),
    ).toEqual(list.flights.map((x) => x.flightNo))
  })

  it('refuses the same city, unknown codes and dates outside the sale range', async () => {
    expect((await post(air.findFlightList.path, { depCode: 'PVG', arrCode: 'SHA', date: day(1) })).body.msgId).toBe('EAIR1006')
    expect((await post(air.findFlightList.path, { depCode: 'XXX', arrCode: 'BJS', date: day(1) })).body.msgId).toBe('EAIR1001')
    const past = await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(-1) }, 'demo', 'en')
    expect(past.body.msgId).toBe('EAIR1002')
    expect(past.body.msgText).toContain(day(0))
    expect((await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(366) })).body.msgId).toBe('EAIR1002')
    expect((await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: '2026-02-30' })).body.msgId).toBe('EVAL0001')
  })

  it('cabins carry fares per passenger type (fare + tax + fuel + construction) and the policy mark', async () => {
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(2) }))
    const { cabins, flight } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(list.flights[0]) })
    expect(flight.flightNo).toBe(list.flights[0].flightNo)
    for (const c of cabins) {
      expect(c.adult.totalFen).toBe(c.adult.fareFen + c.adult.taxFen + c.adult.fuelFeeFen + c.adult.constructionFeeFen)
      expect(c.adult.constructionFeeFen).toBe(50_00)
      expect(c.infant.constructionFeeFen).toBe(0)
    }
    // DEMO pays economy up to 80% and ¥1,500: business is outside, with its reason in the caller's language
    const business = cabins.find((c) => c.cabinClass === 'business')
    if (business) {
      expect(business.policy.withinPolicy).toBe(false)
      expect(business.policy.breaches.map((b) => b.rule)).toContain('flightCabinClass')
    }
  })

  it('a fare rule has the four windows (7 days, 2 hours) and baggage', async () => {
    const { flight, cabin } = await pick(day(2))
    const rule = await ok<air.FareRuleView>(air.findRuleAnnotable.path, { flight: refOf(flight), cabinCode: cabin.cabinCode })
    expect(rule.refund.map((r) => r.window)).toEqual(['over7Days', 'from2HoursTo7Days', 'under2Hours', 'afterDeparture'])
    expect(rule.refund[0].feePercent).toBeLessThanOrEqual(rule.refund[1].feePercent)
    expect(rule.carryOnKg).toBeGreaterThan(0)
    expect((await post(air.findRuleAnnotable.path, { flight: refOf(flight), cabinCode: 'Z' })).body.msgId).toBe('EAIR1005')
    expect((await post(air.findCabinsList.path, { flight: { ...refOf(flight), flightNo: 'ZZ9999' } })).body.msgId).toBe('EAIR1003')
  })

  it('flightOrderVerify answers the same verdict as the cabin list', async () => {
    const { flight, cabin } = await pick(day(2))
    expect(await ok(air.flightOrderVerify.path, { flight: refOf(flight), cabinCode: cabin.cabinCode })).toEqual(cabin.policy)
  })
})
