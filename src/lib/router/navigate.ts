import Taro from '@tarojs/taro'
import { ROUTES, type RouteName } from './routes'

export type Query = Record<string, string | number | undefined | null>

export function urlOf(name: RouteName, query?: Query): string {
  const qs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return `/${ROUTES[name].path}${qs ? `?${qs}` : ''}`
}

/** push a page */
export const navigateTo = (name: RouteName, query?: Query) => Taro.navigateTo({ url: urlOf(name, query) })
/** replace the current page (guards, entry page) */
export const redirectTo = (name: RouteName, query?: Query) => Taro.redirectTo({ url: urlOf(name, query) })
/** drop the whole stack (after login / logout) */
export const reLaunch = (name: RouteName, query?: Query) => Taro.reLaunch({ url: urlOf(name, query) })

/** back, or to the entry page when there is nothing to go back to (a deep link opened directly) */
export function goBack(fallback: RouteName = 'index', query?: Query): void {
  if (Taro.getCurrentPages().length > 1) {
    Taro.navigateBack()
  } else {
    reLaunch(fallback, query)
  }
}
