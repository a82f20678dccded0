/**
 * Where cities are, for the sandbox timetable's distances and the stops along a line. The station
 * list has no coordinates, so the main railway cities carry their approximate position (city
 * centre, degrees); a city not listed gets a stable made-up distance from its name, so every pair
 * of stations still has one distance, the same every day.
 */
const CITY_POSITIONS: Record<string, [number, number]> = {
  北京: [39.9, 116.4],
  天津: [39.1, 117.2],
  石家庄: [38.0, 114.5],
  保定: [38.9, 115.5],
  唐山: [39.6, 118.2],
  济南: [36.7, 117.0],
  青岛: [36.1, 120.4],
  德州: [37.4, 116.3],
  泰安: [36.2, 117.1],
  徐州: [34.3, 117.2],
  蚌埠: [32.9, 117.4],
  南京: [32.1, 118.8],
  镇江: [32.2, 119.4],
  常州: [31.8, 120.0],
  无锡: [31.6, 120.3],
  苏州: [31.3, 120.6],
  上海: [31.2, 121.5],
  杭州: [30.3, 120.2],
  宁波: [29.9, 121.6],
  温州: [28.0, 120.7],
  合肥: [31.8, 117.3],
  福州: [26.1, 119.3],
  厦门: [24.5, 118.1],
  南昌: [28.7, 115.9],
  武汉: [30.6, 114.3],
  长沙: [28.2, 112.9],
  郑州: [34.7, 113.6],
  洛阳: [34.6, 112.4],
  西安: [34.3, 108.9],
  太原: [37.9, 112.5],
  呼和浩特: [40.8, 111.7],
  沈阳: [41.8, 123.4],
  大连: [38.9, 121.6],
  长春: [43.9, 125.3],
  哈尔滨: [45.8, 126.5],
  广州: [23.1, 113.3],
  深圳: [22.5, 114.1],
  珠海: [22.3, 113.6],
  南宁: [22.8, 108.3],
  桂林: [25.3, 110.3],
  海口: [20.0, 110.3],
  三亚: [18.3, 109.5],
  贵阳: [26.6, 106.7],
  昆明: [25.0, 102.7],
  成都: [30.7, 104.1],
  重庆: [29.6, 106.5],
  兰州: [36.1, 103.8],
  西宁: [36.6, 101.8],
  银川: [38.5, 106.3],
  乌鲁木齐: [43.8, 87.6],
  拉萨: [29.7, 91.1],
  衡阳: [26.9, 112.6],
  岳阳: [29.4, 113.1],
  株洲: [27.8, 113.1],
  宜昌: [30.7, 111.3],
  襄阳: [32.0, 112.1],
  信阳: [32.1, 114.1],
  商丘: [34.4, 115.7],
  开封: [34.8, 114.3],
  廊坊: [39.5, 116.7],
  沧州: [38.3, 116.8],
  枣庄: [34.8, 117.3],
  宿州: [33.6, 117.0],
  滁州: [32.3, 118.3],
  嘉兴: [30.8, 120.8],
  绍兴: [30.0, 120.6],
  金华: [29.1, 119.6],
  义乌: [29.3, 120.1],
  上饶: [28.5, 117.9],
  鹰潭: [28.2, 117.0],
  韶关: [24.8, 113.6],
  东莞: [23.0, 113.7],
  佛山: [23.0, 113.1],
  汕头: [23.4, 116.7],
  绵阳: [31.5, 104.7],
}

export const cityPosition = (city: string): [number, number] | undefined => CITY_POSITIONS[city]
export const KNOWN_CITIES = Object.keys(CITY_POSITIONS)

/** a stable 32-bit hash of a string (FNV-1a): the sandbox's only source of "randomness" */
export function hash32(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** great-circle km between two known positions */
function haversineKm([la1, lo1]: [number, number], [la2, lo2]: [number, number]): number {
  const r = Math.PI / 180
  const a = Math.sin(((la2 - la1) * r) / 2) ** 2 + Math.cos(la1 * r) * Math.cos(la2 * r) * Math.sin(((lo2 - lo1) * r) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(a))
}

/**
 * Rail km between two cities: the straight line × 1.2 (tracks are not straight) for known cities;
 * otherwise 60-1,800 km from the pair's names (the same both ways); 30 km within one city's
 * stations (the same city).
 */
export function railKm(cityA: string, cityB: string): number {
  if (cityA === cityB) return 30
  const a = CITY_POSITIONS[cityA]
  const b = CITY_POSITIONS[cityB]
  if (a && b) return Math.max(40, Math.round(haversineKm(a, b) * 1.2))
  const key = [cityA, cityB].sort().join('|')
  return 60 + (hash32(key) % 1741)
}

/**
 * Known cities on the way from A to B (for the stops of a long train): their projection on the
 * line falls between the ends and they are near it. Ordered from A to B, with their km from A.
 */
export function citiesBetween(cityA: string, cityB: string): Array<{ city: string; km: number }> {
  const a = CITY_POSITIONS[cityA]
  const b = CITY_POSITIONS[cityB]
  if (!a || !b) return []
  const total = haversineKm(a, b)
  const out: Array<{ city: string; t: number }> = []
  for (const [city, p] of Object.entries(CITY_POSITIONS)) {
    if (city === cityA || city === cityB) continue
    const da = haversineKm(a, p)
    const db = haversineKm(p, b)
    // near the line: the detour through it adds at most 6 %
    if (da + db > total * 1.06 || da < 40 || db < 40) continue
    out.push({ city, t: da / (da + db) })
  }
  const railTotal = railKm(cityA, cityB)
  // km along the line in the order of the line, so times always grow
  return out.sort((x, y) => x.t - y.t).map(({ city, t }) => ({ city, km: Math.round(railTotal * t) }))
}
