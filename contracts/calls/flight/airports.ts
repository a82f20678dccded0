/**
 * Airports for the pickers (airTicketInquiry): the whole list by city, and a search by keyword.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import { defineCall } from '../../call'

export interface AirportView {
  /** IATA airport code, e.g. PVG */
  code: string
  nameZh: string
  nameEn: string
  /** IATA metropolitan/city code, e.g. SHA for both Shanghai airports */
  cityCode: string
  cityZh: string
  cityEn: string
  /** city name in pinyin, lower case without tones (search and index letters), e.g. shanghai */
  cityPinyin: string
  /** 'CN' for the mainland; HK, MO, TW and other ISO country codes otherwise */
  countryCode: string
  /** shown in the picker's "hot cities" */
  hot: boolean
}

export interface AirportCity {
  cityCode: string
  cityZh: string
  cityEn: string
  cityPinyin: string
  countryCode: string
  hot: boolean
  /** the city's airports (one city may have several: Shanghai PVG and SHA) */
  airports: AirportView[]
}

/**
 * Every airport, grouped by city, cities in pinyin order (the picker's full list with index
 * letters; hot cities flagged). Nothing to send.
 */
export const listAirport = defineCall<Record<string, never>, AirportCity[]>({ path: '/api/flight/flight/listAirport', auth: 'required' })

export interface FindAirportListRequest {
  /** Chinese or English city/airport name, pinyin, initials or IATA code; 1-40 characters */
  keyword: string
}
/**
 * The cities and airports matching a search, best first (exact code, then name starts with,
 * then contains), at most 30 cities. A city matches with all its airports; an airport match
 * brings its city with only that airport. No match: an empty list.
 */
export const findAirportList = defineCall<FindAirportListRequest, AirportCity[]>({
  path: '/api/flight/flight/findAirportList',
  auth: 'required',
})
