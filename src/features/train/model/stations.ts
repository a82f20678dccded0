/**
 * The station pickers' lists (spec §2 city pickers): stations grouped by city, cities under the
 * initial of their pinyin, hot cities first. The server sends the whole list (listTrainstation)
 * and searches it (queryTrainStation); grouping it for the screen is the client's.
 */
import type { Station } from '@contracts/calls/train/search'

export interface CityGroup {
  city: string
  cityEn: string
  /** A-Z initial of the city's pinyin ('#' when it has none) */
  letter: string
  stations: Station[]
}

const letterOf = (s: Station) => (/^[A-Z]$/.test(s.letter) ? s.letter : '#')

/**
 * Stations grouped by city; cities by letter, then by the pinyin of their first station; in a
 * city the station named like the city first (北京 before 北京南), then by pinyin.
 */
export function groupByCity(stations: readonly Station[]): CityGroup[] {
  const byCity = new Map<string, Station[]>()
  for (const s of stations) {
    const list = byCity.get(s.cityName)
    if (list) list.push(s)
    else byCity.set(s.cityName, [s])
  }
  const groups: CityGroup[] = []
  for (const [city, list] of byCity) {
    list.sort((a, b) => Number(b.name === city) - Number(a.name === city) || a.pinyin.localeCompare(b.pinyin))
    groups.push({ city, cityEn: list[0].cityNameEn, letter: letterOf(list[0]), stations: list })
  }
  // '#' (no letter: stations abroad) after Z
  const rank = (g: CityGroup) => (g.letter === '#' ? 1 : 0)
  return groups.sort(
    (a, b) => rank(a) - rank(b) || a.letter.localeCompare(b.letter) || a.stations[0].pinyin.localeCompare(b.stations[0].pinyin) || a.city.localeCompare(b.city),
  )
}

/** the hot cities the list has, in the server's order */
export function hotCityGroups(groups: readonly CityGroup[], hot: readonly string[]): CityGroup[] {
  const byCity = new Map(groups.map((g) => [g.city, g]))
  return hot.map((c) => byCity.get(c)).filter((g): g is CityGroup => !!g)
}

/** the A-Z letters that have at least one city, for the side index */
export const lettersOf = (groups: readonly CityGroup[]): string[] => Array.from(new Set(groups.map((g) => g.letter)))

/**
 * The rows of the picker's long list, all of one height so the list can be virtual (3,400
 * stations): a letter header before each letter's first city, a row per city (choosing it
 * searches the whole city, from its main station), and a row per station of a city that has more
 * than one.
 */
export type PickerRow = { kind: 'letter'; letter: string } | { kind: 'city'; group: CityGroup } | { kind: 'station'; station: Station }

export function pickerRows(groups: readonly CityGroup[]): PickerRow[] {
  const rows: PickerRow[] = []
  let letter = ''
  for (const g of groups) {
    if (g.letter !== letter) {
      letter = g.letter
      rows.push({ kind: 'letter', letter })
    }
    rows.push({ kind: 'city', group: g })
    if (g.stations.length > 1) for (const station of g.stations) rows.push({ kind: 'station', station })
  }
  return rows
}

/** the index of each letter's header row, for the side index to jump to */
export function letterRowIndex(rows: readonly PickerRow[]): Record<string, number> {
  const at: Record<string, number> = {}
  rows.forEach((r, i) => {
    if (r.kind === 'letter') at[r.letter] = i
  })
  return at
}

/** keeps only stations of the allowed cities (limitCity; unrestricted: all) */
export function withinRange<T extends { cityName: string }>(stations: readonly T[], allowedCities: readonly string[] | null): T[] {
  if (!allowedCities) return [...stations]
  const allowed = new Set(allowedCities)
  return stations.filter((s) => allowed.has(s.cityName))
}

/** the name in the attendee's language */
export const stationName = (s: { name: string; nameEn: string }, lang: 'zh' | 'en'): string => (lang === 'en' && s.nameEn ? s.nameEn : s.name)
