import Taro from '@tarojs/taro'
import { addPageView, type AddPageViewRequest } from '@contracts/calls/event'
import { appState } from '@/store'
import { ROUTES, type RouteName } from './router/routes'
import { currentLanguage, t } from './i18n'
import { background } from './request'

/** the window title after a navigation: the stored event title in the user's language (spec §2) */
export function documentTitle(route: RouteName): string {
  const { event } = appState()
  const stored = event ? (currentLanguage() === 'en' ? event.titleEn : event.titleZh) : ''
  return stored || t(`titles.${ROUTES[route].title}` as Parameters<typeof t>[0])
}

/** the microsite index sets its own title from the microsite; it is not reset here (spec §2) */
const KEEPS_OWN_TITLE: RouteName[] = ['micrositeIndex', 'microsite25dIndex']

/** the window title (H5) or the native bar's title (weapp) */
export function setWindowTitle(title: string): void {
  if (process.env.TARO_ENV === 'h5') document.title = title
  else void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}

/** the window title of `route` in the current language (after a navigation or a language switch) */
export function applyDocumentTitle(route: RouteName): void {
  if (KEEPS_OWN_TITLE.includes(route)) return
  setWindowTitle(documentTitle(route))
}

/** After each navigation: window title, then a page-view record (never blocks or fails the page). */
export function recordNavigation(route: RouteName): void {
  applyDocumentTitle(route)
  const { eventHashCode } = appState()
  if (!eventHashCode) return
  const body: AddPageViewRequest = {
    eventHashCode,
    type: route,
    viewWay: process.env.TARO_ENV === 'h5' ? 'H5' : 'WEAPP',
  }
  // a page view is ours, not the attendee's business: a failure (offline, a closed event) shows nothing
  void background(addPageView, body)
}
