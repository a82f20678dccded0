import { View } from '@tarojs/components'
import { useDidShow, useRouter, useShareAppMessage } from '@tarojs/taro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { appState, useAppStore } from '@/store'
import { useI18n, type MessageKey } from '@/lib/i18n'
import { ROUTES, type RouteName } from '@/lib/router/routes'
import { decideAccess, redirectOf } from '@/lib/router/guard'
import { goBack, redirectTo, urlOf } from '@/lib/router/navigate'
import { applyDocumentTitle, recordNavigation } from '@/lib/pageView'
import { loadEvent } from '@/lib/event'
import { NavBar } from './NavBar'
import { dismissBootShell } from '@/lib/boot-shell'
import './PageLayout.scss'

interface Props {
  route: RouteName
  children?: ReactNode
  /** false: no back arrow (entry and landing pages) */
  back?: boolean
  /** right side of the navigation bar */
  navRight?: ReactNode
  className?: string
}

/** address parameters of spec §2, both spellings */
export function eventParamsOf(params: Record<string, string | undefined>): { eventHashCode?: string; eventCode?: string } {
  return {
    eventHashCode: params.ehc || params.eventHashCode || undefined,
    eventCode: params.ec || params.eventCode || undefined,
  }
}

/**
 * Every page renders inside this: it takes ehc/ec from the address, runs the login guard before
 * anything protected is shown, draws the custom navigation bar, and records the page view.
 */
export function PageLayout({ route, children, back = true, navRight, className }: Props) {
  const router = useRouter()
  const { t, lang } = useI18n()
  const title = t(`titles.${ROUTES[route].title}` as MessageKey)
  const [allowed, setAllowed] = useState(false)
  // the page is drawn: index.html's loading shell steps aside (no layout moves: it lay over the page)
  useEffect(dismissBootShell, [])

  useEffect(() => {
    let cancelled = false
    const fromAddress = eventParamsOf(router.params)
    if (fromAddress.eventCode || fromAddress.eventHashCode) appState().setEventParams(fromAddress)
    const check = async () => {
      const s = appState()
      let permissionType = s.event?.permissionType ?? null
      if (ROUTES[route].access === 'microsite' && !s.token && permissionType === null && (s.eventHashCode || s.eventCode)) {
        permissionType = (await loadEvent({ eventHashCode: s.eventHashCode, eventCode: s.eventCode }).catch(() => null))?.permissionType ?? null
      }
      const now = appState()
      const decision = decideAccess({
        route,
        token: now.token,
        permissionType,
        someUserTypes: now.event?.someUserTypes ?? null,
        userType: now.user?.userType ?? null,
      })
      if (cancelled) return
      if (decision.allow) setAllowed(true)
      else {
        const to = redirectOf(decision, route, router.params)
        void redirectTo(to.name, to.query)
      }
    }
    void check()
    return () => {
      cancelled = true
    }
    // not on token changes: whoever ends a session (logout, the request client on expiry)
    // navigates to login itself, and a second redirect from here would double it
  }, [route, router.params])

  // a page view once the guard has let the user in, and again whenever the page comes back into view.
  // The first show is the opening itself, already counted by the effect: Taro delivers it once the
  // page has mounted, and React has often run the guard and that effect by then (one scheduler
  // slice), so counting it doubled every page view on the mini-program (found by test:weapp)
  const shown = useRef(false)
  const shows = useRef(0)
  useEffect(() => {
    if (allowed && !shown.current) {
      shown.current = true
      recordNavigation(route)
    }
  }, [allowed, route])
  useDidShow(() => {
    if (shows.current++ > 0 && shown.current) recordNavigation(route)
  })
  // the window title is the event's title in the user's language: set it again when either
  // arrives or changes after the page was shown (a first visit straight to /login, a language switch)
  const eventTitles = useAppStore((s) => (s.event ? `${s.event.titleZh}\n${s.event.titleEn}` : ''))
  useEffect(() => {
    if (shown.current) applyDocumentTitle(route)
  }, [lang, eventTitles, route])

  // weapp share card (spec §7): the event's appearance settings and a link back into this event
  useShareAppMessage(() => {
    const { appearance, eventHashCode, eventCode } = appState()
    return {
      title: appearance?.shareTitle ?? title,
      path: urlOf('index', { ehc: eventHashCode, ec: eventCode }),
      imageUrl: appearance?.sharePic || undefined,
    }
  })

  return (
    <View className={`page ${className ?? ''}`}>
      {/* H5 has no native bar: there the custom one is drawn on every page */}
      {!(ROUTES[route].nativeNavBar && process.env.TARO_ENV !== 'h5') && <NavBar title={title} onBack={back ? () => goBack() : false} right={navRight} />}
      {allowed ? <View className='page__body'>{children}</View> : null}
    </View>
  )
}
