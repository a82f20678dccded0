import Taro from '@tarojs/taro'
import { appState } from '@/store'
import { ROUTES, type RouteName } from './routes'

export type Query = Record<string, string | number | undefined | null>

export function urlOf(name: RouteName, query?: Query): string {
  const qs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return `/${ROUTES[name].path}${qs ? `?${qs}` : ''}`
}

/**
 * The current event's ehc and ec first, then `query`: every page of the app is a page of one
 * event, and an address that lost them (a reload, a shared link) could not find it again.
 */
export function withEvent(query?: Query): Query {
  const { eventHashCode, eventCode } = appState()
  return { ehc: eventHashCode, ec: eventCode, ...query }
}

/** push a page */
export const navigateTo = (name: RouteName, query?: Query) => Taro.navigateTo({ url: urlOf(name, withEvent(query)) })
/** replace the current page (guards, entry page) */
export const redirectTo = (name: RouteName, query?: Query) => Taro.redirectTo({ url: urlOf(name, withEvent(query)) })
/** drop the whole stack (after login / logout) */
export const reLaunch = (name: RouteName, query?: Query) => Taro.reLaunch({ url: urlOf(name, withEvent(query)) })

/** back, or to the entry page when there is nothing to go back to (a deep link opened directly) */
export function goBack(fallback: RouteName = 'index'): void {
  if (Taro.getCurrentPages().length > 1) {
    Taro.navigateBack()
  } else {
    reLaunch(fallback)
  }
}
