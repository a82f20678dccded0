/**
 * The railway's stations: the project's copy of the public station list (stations.json, made by
 * scripts/railway-stations.ts from shared/data/railway/station_name.js), read once on first use.
 * Used by the pickers (search by name, full pinyin and initials; grouped by city; hot cities first)
 * and by the sandbox timetable (real names and codes on every train).
 */
import type { Station, StationRef } from '@contracts/calls/train'
import data from './stations.json'

type Row = [string, string, string, string, string, string, string]

export interface StationIndex {
  all: Station[]
  byCode: Map<string, Station>
  byCity: Map<string, Station[]>
}

let index: StationIndex | null = null

export function stations(): StationIndex {
  if (index) return index
  const all = (data.stations as Row[]).map(([code, name, nameEn, pinyin, initials, cityName, cityNameEn]): Station => ({
    code,
    name,
    nameEn,
    pinyin,
    initials,
    cityName,
    cityNameEn,
    letter: (cityNameEn.charAt(0) || pinyin.charAt(0)).toUpperCase(),
  }))
  all.sort(
    (a, b) =>
      a.letter.localeCompare(b.letter) ||
      a.cityNameEn.localeCompare(b.cityNameEn) ||
      a.cityName.localeCompare(b.cityName, 'zh') ||
      a.pinyin.localeCompare(b.pinyin),
  )
  const byCode = new Map(all.map((s) => [s.code, s]))
  const byCity = new Map<string, Station[]>()
  for (const s of all) {
    const list = byCity.get(s.cityName)
    if (list) list.push(s)
    else byCity.set(s.cityName, [s])
  }
  index = { all, byCode, byCity }
  return index
}

export const stationByCode = (code: string): Station | undefined => stations().byCode.get(code)
export const refOf = (s: Station): StationRef => ({ code: s.code, name: s.name, nameEn: s.nameEn })

/** the cities the pickers show first (the busiest railway hubs), in this order */
export const HOT_CITIES = ['北京', '上海', '广州', '深圳', '杭州', '南京', '武汉', '成都', '重庆', '西安', '天津', '长沙', '郑州', '苏州', '厦门', '青岛']

/** a city's main stations, the ones long-distance trains use: those named after the city (北京, 北京南 …), else all */
export function mainStationsOf(cityName: string): Station[] {
  const list = stations().byCity.get(cityName) ?? []
  const named = list.filter((s) => s.name.startsWith(cityName) && s.name.length <= cityName.length + 2)
  return named.length ? named : list
}

export const STATION_SEARCH_LIMIT = 50

/**
 * Stations matching what the attendee typed: Chinese name, full pinyin or initials (spaces and
 * case ignored). Best first: exact name, code or initials; then prefixes; then anything containing it.
 */
export function searchStations(keyword: string): Station[] {
  const k = keyword.replace(/\s+/g, '').toLowerCase()
  if (!k) return []
  const scored: Array<[number, Station]> = []
  for (const s of stations().all) {
    const name = s.name.toLowerCase()
    const city = s.cityName
    let score = -1
    if (name === k || s.initials === k || s.pinyin === k || s.code.toLowerCase() === k) score = 0
    else if (name.startsWith(k) || s.pinyin.startsWith(k) || s.initials.startsWith(k)) score = 1
    else if (city.startsWith(k) || s.cityNameEn.toLowerCase().startsWith(k)) score = 2
    else if (name.includes(k) || s.pinyin.includes(k)) score = 3
    if (score >= 0) scored.push([score * 10 + Math.min(9, s.name.length), s])
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].pinyin.localeCompare(b[1].pinyin))
  return scored.slice(0, STATION_SEARCH_LIMIT).map(([, s]) => s)
}
