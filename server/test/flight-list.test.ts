/**
 * findFlightList's compact answer (contracts/flight-list.ts): every airline and airport named once,
 * and the client's expansion gives back exactly the FlightViews the server compacted.
 */
import type { FlightView } from '@contracts/calls/flight'
import { compactFlightList, expandFlightList } from '@contracts/flight-list'

const view = (over: Partial<FlightView> & { flightNo: string }): FlightView => ({
  date: '2026-12-01',
  depAirport: 'SHA',
  arrAirport: 'PEK',
  airline: { code: over.flightNo.slice(0, 2), nameZh: `${over.flightNo.slice(0, 2)}航空`, nameEn: `${over.flightNo.slice(0, 2)} Air` },
  operatingFlightNo: '',
  operatingAirline: null,
  aircraftType: 'A330',
  aircraftSize: 'large',
  dep: {
    airport: 'SHA',
    airportZh: '虹桥国际机场',
    airportEn: 'Hongqiao Intl',
    cityZh: '上海',
    cityEn: 'Shanghai',
    terminal: 'T2',
    time: '2026-12-01T08:00:00+08:00',
  },
  arr: {
    airport: 'PEK',
    airportZh: '首都国际机场',
    airportEn: 'Capital Intl',
    cityZh: '北京',
    cityEn: 'Beijing',
    terminal: 'T3',
    time: '2026-12-01T10:15:00+08:00',
  },
  arrDayOffset: 0,
  durationMinutes: 135,
  stops: 0,
  stopCitiesZh: [],
  stopCitiesEn: [],
  meal: true,
  lowestFareFen: 98000,
  lowestCabinClass: 'economy',
  lowestDiscount: 80,
  seatsLeft: 9,
  bookable: true,
  ...over,
})

const PVG = {
  airport: 'PVG',
  airportZh: '浦东国际机场',
  airportEn: 'Pudong Intl',
  cityZh: '上海',
  cityEn: 'Shanghai',
  terminal: '',
  time: '2026-12-01T23:30:00+08:00',
}
const PKX = {
  airport: 'PKX',
  airportZh: '大兴国际机场',
  airportEn: 'Daxing Intl',
  cityZh: '北京',
  cityEn: 'Beijing',
  terminal: '',
  time: '2026-12-02T01:40:00+08:00',
}

const FLIGHTS: FlightView[] = [
  view({ flightNo: 'MU5101' }),
  view({ flightNo: 'CA1502', aircraftSize: 'medium', meal: false }),
  // a codeshare flown by another airline, a stop, the next day, another airport pair, sold out
  view({ flightNo: 'MU9001', operatingFlightNo: 'FM9001', operatingAirline: { code: 'FM', nameZh: '上海航空', nameEn: 'Shanghai Airlines' } }),
  view({
    flightNo: 'HO1251',
    depAirport: 'PVG',
    arrAirport: 'PKX',
    dep: PVG,
    arr: PKX,
    arrDayOffset: 1,
    stops: 1,
    stopCitiesZh: ['济南'],
    stopCitiesEn: ['Jinan'],
  }),
  view({ flightNo: 'CA1504', lowestFareFen: null, lowestCabinClass: null, lowestDiscount: null, seatsLeft: 0, bookable: false }),
]
const CALENDAR = [
  { date: '2026-11-30', lowestFareFen: 80000 },
  { date: '2026-12-01', lowestFareFen: 98000 },
  { date: '2026-12-02', lowestFareFen: null },
]

describe('the flight list answer', () => {
  it('expands to exactly the flights it was made of', () => {
    const list = compactFlightList(FLIGHTS, CALENDAR)
    // through JSON, as the client receives it
    expect(expandFlightList(JSON.parse(JSON.stringify(list)))).toEqual({ flights: FLIGHTS, calendar: CALENDAR })
  })

  it('names each airline and airport once, not on every flight', () => {
    const list = compactFlightList(FLIGHTS, CALENDAR)
    expect(Object.keys(list.airlines).sort()).toEqual(['CA', 'FM', 'HO', 'MU'])
    expect(Object.keys(list.airports).sort()).toEqual(['PEK', 'PKX', 'PVG', 'SHA'])
    expect(list.airports.PVG).toEqual({ nameZh: '浦东国际机场', nameEn: 'Pudong Intl', cityZh: '上海', cityEn: 'Shanghai' })
    const text = JSON.stringify(list)
    expect(text.split('虹桥国际机场').length - 1).toBe(1)
    expect(text.split('Air China').length - 1).toBe(0)
    expect(text.split('CA Air').length - 1).toBe(1)
  })

  it('a code missing from a dictionary shows as the code, never as a crash', () => {
    const list = compactFlightList([FLIGHTS[0]], [])
    const [f] = expandFlightList({ ...list, airlines: {}, airports: {} }).flights
    expect(f.airline).toEqual({ code: 'MU', nameZh: 'MU', nameEn: 'MU' })
    expect(f.dep).toMatchObject({ airport: 'SHA', airportZh: 'SHA', cityEn: 'SHA', terminal: 'T2', time: '2026-12-01T08:00:00+08:00' })
  })

  it('an empty day is an empty list', () => {
    expect(expandFlightList(compactFlightList([], []))).toEqual({ flights: [], calendar: [] })
  })
})
