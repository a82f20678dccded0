import Taro from '@tarojs/taro'
import { ROUTES, routeNameOf, type RouteName } from './routes'
import type { Query } from './navigate'

/**
 * Coming back after a detour: a page that must send the attendee elsewhere first (the railway
 * login when its session has timed out, spec §8 ETRAIN1002) passes where they were as two address
 * parameters, `back` (a route name, never an address: nothing can send the attendee off the app)
 * and `backQuery` (that page's own parameters), and the detour page returns there when done.
 */
export interface ReturnTo {
  back?: string
  backQuery?: string
}

/** Taro's own parameters (page stamps, $taroTimestamp) and the event's, which every address gets anyway */
const isOwnParam = (k: string) => !k.startsWith('$') && !['stamp', 'ehc', 'ec', 'eventHashCode', 'eventCode', 'back', 'backQuery'].includes(k)

const isRouteName = (s: string): s is RouteName => Object.prototype.hasOwnProperty.call(ROUTES, s)

/** the mini-program hands parameters over still encoded, H5 decoded: decode once more, safely */
const decode = (s: string): string => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** a page and its address parameters as `back`/`backQuery` (own parameters only, each encoded once) */
export function returnOf(name: RouteName, params: Record<string, string | undefined | null>): ReturnTo {
  const query = Object.entries(params)
    .filter(([k, v]) => isOwnParam(k) && v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(decode(String(v)))}`)
    .join('&')
  return query ? { back: name, backQuery: query } : { back: name }
}

/** where the attendee is now (the page on screen), as `back`/`backQuery`; {} when unknown */
export function hereAsReturn(): ReturnTo {
  // a unit test's Taro (and a page not yet mounted) may have no current instance
  const router = typeof Taro.getCurrentInstance === 'function' ? Taro.getCurrentInstance()?.router : null
  const name = router ? routeNameOf(router.path) : undefined
  if (!router || !name) return {}
  return returnOf(name, router.params)
}

/** the page to return to, from a detour page's own parameters; null when none or not one of ours */
export function returnTarget(params: Record<string, string | undefined>): { name: RouteName; query: Query } | null {
  const name = params.back ? decode(params.back) : ''
  // the login page is never where a login returns to (it would ask again)
  if (!isRouteName(name) || name === 'login') return null
  const query: Query = {}
  for (const pair of decode(params.backQuery ?? '').split('&')) {
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const key = decode(pair.slice(0, at))
    if (isOwnParam(key)) query[key] = decode(pair.slice(at + 1))
  }
  return { name, query }
}
