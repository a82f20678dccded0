/**
 * findFlightList's answer (contracts/calls/flight/search.ts FlightListView) names each airline and
 * airport once, in dictionaries; the screens work on FlightViews. These two functions are the
 * two directions: the server compacts the FlightViews it made, the client expands them back, and
 * expanding what was compacted gives the same FlightViews (server/test/flight-list.test.ts).
 */
import type { FlightListItem, FlightListView, FlightView, PriceDay } from './calls/flight/search'

/** the FlightViews of a day as findFlightList sends them */
export function compactFlightList(flights: FlightView[], calendar: PriceDay[]): FlightListView {
  const airlines: FlightListView['airlines'] = {}
  const airports: FlightListView['airports'] = {}
  const items = flights.map((f): FlightListItem => {
    airlines[f.airline.code] = { nameZh: f.airline.nameZh, nameEn: f.airline.nameEn }
    if (f.operatingAirline) airlines[f.operatingAirline.code] = { nameZh: f.operatingAirline.nameZh, nameEn: f.operatingAirline.nameEn }
    for (const e of [f.dep, f.arr]) airports[e.airport] = { nameZh: e.airportZh, nameEn: e.airportEn, cityZh: e.cityZh, cityEn: e.cityEn }
    return {
      date: f.date,
      flightNo: f.flightNo,
      depAirport: f.depAirport,
      arrAirport: f.arrAirport,
      airlineCode: f.airline.code,
      operatingFlightNo: f.operatingFlightNo,
      operatingAirlineCode: f.operatingAirline?.code ?? '',
      aircraftType: f.aircraftType,
      aircraftSize: f.aircraftSize,
      depTerminal: f.dep.terminal,
      depTime: f.dep.time,
      arrTerminal: f.arr.terminal,
      arrTime: f.arr.time,
      arrDayOffset: f.arrDayOffset,
      durationMinutes: f.durationMinutes,
      stops: f.stops,
      stopCitiesZh: f.stopCitiesZh,
      stopCitiesEn: f.stopCitiesEn,
      meal: f.meal,
      lowestFareFen: f.lowestFareFen,
      lowestCabinClass: f.lowestCabinClass,
      lowestDiscount: f.lowestDiscount,
      seatsLeft: f.seatsLeft,
      bookable: f.bookable,
    }
  })
  return { airlines, airports, flights: items, calendar }
}

/** the FlightViews of findFlightList's answer (a code missing from a dictionary shows as the code) */
export function expandFlightList(list: FlightListView): { flights: FlightView[]; calendar: PriceDay[] } {
  const airline = (code: string) => ({ code, ...(list.airlines[code] ?? { nameZh: code, nameEn: code }) })
  const endpoint = (code: string, terminal: string, time: string) => {
    const a = list.airports[code] ?? { nameZh: code, nameEn: code, cityZh: code, cityEn: code }
    return { airport: code, airportZh: a.nameZh, airportEn: a.nameEn, cityZh: a.cityZh, cityEn: a.cityEn, terminal, time }
  }
  const flights = list.flights.map((f): FlightView => ({
    date: f.date,
    flightNo: f.flightNo,
    depAirport: f.depAirport,
    arrAirport: f.arrAirport,
    airline: airline(f.airlineCode),
    operatingFlightNo: f.operatingFlightNo,
    operatingAirline: f.operatingAirlineCode ? airline(f.operatingAirlineCode) : null,
    aircraftType: f.aircraftType,
    aircraftSize: f.aircraftSize,
    dep: endpoint(f.depAirport, f.depTerminal, f.depTime),
    arr: endpoint(f.arrAirport, f.arrTerminal, f.arrTime),
    arrDayOffset: f.arrDayOffset,
    durationMinutes: f.durationMinutes,
    stops: f.stops,
    stopCitiesZh: f.stopCitiesZh,
    stopCitiesEn: f.stopCitiesEn,
    meal: f.meal,
    lowestFareFen: f.lowestFareFen,
    lowestCabinClass: f.lowestCabinClass,
    lowestDiscount: f.lowestDiscount,
    seatsLeft: f.seatsLeft,
    bookable: f.bookable,
  }))
  return { flights, calendar: list.calendar }
}
