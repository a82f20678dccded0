/**
 * The station pickers' lists: grouping by city, hot cities, the rows of the long list and the
 * allowed range of limitCity (the search itself is the server's: queryTrainStation).
 */
import type { Station } from '@contracts/calls/train'
import { groupByCity, hotCityGroups, letterRowIndex, lettersOf, pickerRows, stationName, withinRange } from '@/features/train/model/stations'

const st = (code: string, name: string, pinyin: string, cityName: string, letter: string): Station => ({
  code,
  name,
  nameEn: pinyin.charAt(0).toUpperCase() + pinyin.slice(1),
  pinyin,
  initials: pinyin.slice(0, 2),
  cityName,
  cityNameEn: cityName,
  letter,
})
const STATIONS = [
  st('VNP', '北京南', 'beijingnan', '北京', 'B'),
  st('BJP', '北京', 'beijing', '北京', 'B'),
  st('BXP', '北京西', 'beijingxi', '北京', 'B'),
  st('AOH', '上海虹桥', 'shanghaihongqiao', '上海', 'S'),
  st('SHH', '上海', 'shanghai', '上海', 'S'),
  st('XAY', '西安', 'xian', '西安', 'X'),
  st('ACB', '阿城', 'acheng', '哈尔滨', 'H'),
  st('VTE', '万象', 'wanxiang', '万象', ''),
]

describe('groupByCity', () => {
  const groups = groupByCity(STATIONS)
  it('one group per city, by letter; a city without a letter last', () => {
    expect(groups.map((g) => [g.letter, g.city])).toEqual([
      ['B', '北京'],
      ['H', '哈尔滨'],
      ['S', '上海'],
      ['X', '西安'],
      ['#', '万象'],
    ])
    expect(lettersOf(groups)).toEqual(['B', 'H', 'S', 'X', '#'])
  })
  it('in a city the station named like the city first, then by pinyin', () => {
    expect(groups[0].stations.map((s) => s.name)).toEqual(['北京', '北京南', '北京西'])
    expect(groups[2].stations.map((s) => s.name)).toEqual(['上海', '上海虹桥'])
  })
  it("hot cities in the server's order, only those the list has", () => {
    expect(hotCityGroups(groups, ['上海', '广州', '北京']).map((g) => g.city)).toEqual(['上海', '北京'])
  })
})

describe('pickerRows', () => {
  const rows = pickerRows(groupByCity(STATIONS))
  it('a header per letter, a row per city, a row per station of a city with several', () => {
    expect(rows.map((r) => (r.kind === 'letter' ? r.letter : r.kind === 'city' ? `city:${r.group.city}` : `station:${r.station.name}`))).toEqual([
      'B',
      'city:北京',
      'station:北京',
      'station:北京南',
      'station:北京西',
      'H',
      'city:哈尔滨',
      'S',
      'city:上海',
      'station:上海',
      'station:上海虹桥',
      'X',
      'city:西安',
      '#',
      'city:万象',
    ])
  })
  it('knows where each letter starts', () => {
    expect(letterRowIndex(rows)).toEqual({ B: 0, H: 5, S: 7, X: 11, '#': 13 })
  })
})

describe('withinRange and names', () => {
  it('limitCity keeps the allowed cities only; no limit keeps all', () => {
    expect(withinRange(STATIONS, ['上海']).map((s) => s.code)).toEqual(['AOH', 'SHH'])
    expect(withinRange(STATIONS, null)).toHaveLength(STATIONS.length)
    expect(withinRange(STATIONS, [])).toEqual([])
  })
  it('the name in the language on screen', () => {
    expect(stationName(STATIONS[0], 'zh')).toBe('北京南')
    expect(stationName(STATIONS[0], 'en')).toBe('Beijingnan')
    expect(stationName({ name: '北京', nameEn: '' }, 'en')).toBe('北京')
  })
})
