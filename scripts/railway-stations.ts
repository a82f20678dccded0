/**
 * Makes the project's own copy of the railway station list:
 *   npx tsx scripts/railway-stations.ts [path/to/station_name.js]
 * reads the national railway booking system's public `station_name.js` (default
 * ../shared/data/railway/station_name.js, the April 2026 list of 3,364 stations, see
 * shared/data/README.md) and writes server/src/train/railway/stations.json, which the server
 * loads at start (no network). City names get their English name from pinyin-pro (the list has
 * pinyin for stations only); stations abroad keep the list's own English name.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pinyin } from 'pinyin-pro'

const source = process.argv[2] ?? path.resolve(__dirname, '../../shared/data/railway/station_name.js')
const target = path.resolve(__dirname, '../server/src/train/railway/stations.json')

const raw = fs.readFileSync(source, 'utf8')
const body = /'([^']*)'/.exec(raw)?.[1]
if (!body) throw new Error(`${source}: no station string`)

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
const cityEn = new Map<string, string>()
const cityPinyin = (name: string): string => {
  let v = cityEn.get(name)
  if (!v) {
    v = capital(pinyin(name, { toneType: 'none', type: 'array' }).join('').replace(/ü/g, 'v'))
    cityEn.set(name, v)
  }
  return v
}

/** [code, name, nameEn, pinyin, initials, cityName, cityNameEn] per station, compact */
const rows = body
  .split('@')
  .filter(Boolean)
  .map((s) => s.split('|'))
  .filter((f) => f.length >= 8 && f[1] && f[2])
  .map((f) => {
    const abroadEn = f[10] ? capital(f[10]) : ''
    const nameEn = abroadEn || capital(f[3])
    return [f[2], f[1], nameEn, f[3], f[4], f[7], abroadEn && f[7] === f[1] ? abroadEn : cityPinyin(f[7])]
  })

const codes = new Set(rows.map((r) => r[0]))
if (codes.size !== rows.length) throw new Error('duplicate telegraph codes')
fs.writeFileSync(
  target,
  JSON.stringify({
    source: 'station_name.js of the national railway booking system (public list, April 2026), via scripts/railway-stations.ts',
    fields: ['code', 'name', 'nameEn', 'pinyin', 'initials', 'cityName', 'cityNameEn'],
    stations: rows,
  }),
)
console.log(`${rows.length} stations → ${path.relative(process.cwd(), target)}`)
