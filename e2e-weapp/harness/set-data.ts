/* eslint-disable @typescript-eslint/no-explicit-any -- page data is whatever the compiled code put there */
/** WeChat's setData: path keys into a page's data, values copied through JSON as the bridge does */

export function parsePath(key: string): Array<string | number> {
  const out: Array<string | number> = []
  const re = /\[(\d+)\]|([^.[\]]+)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(key))) out.push(m[1] !== undefined ? Number(m[1]) : m[2])
  return out
}

/** WeChat's setData path semantics: missing containers are created, arrays for [n] */
export function setPath(root: any, keys: Array<string | number>, value: unknown): void {
  let obj = root
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i]
    if (obj[k] === null || typeof obj[k] !== 'object') obj[k] = typeof keys[i + 1] === 'number' ? [] : {}
    obj = obj[k]
  }
  obj[keys[keys.length - 1]] = value
}

/** a copy through JSON, as the bridge between the logic and render layers copies values */
export function clone<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v))
}
