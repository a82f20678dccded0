import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'

/** room left above the problem for the sticky navigation bar (px) */
const ABOVE_PX = 96

/**
 * Brings the element `selector` names into view: on H5 the browser's own scrollIntoView (Taro's
 * H5 pageScrollTo measures offsetTop, which is relative to the nearest positioned box, not the
 * page); on the mini-program pageScrollTo with a selector, leaving room for the navigation bar.
 */
export function scrollToSelector(selector: string): void {
  if (process.env.TARO_ENV === 'h5') {
    const el = typeof document === 'undefined' ? null : document.querySelector(selector)
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    return
  }
  void Promise.resolve(Taro.pageScrollTo({ selector, offsetTop: -ABOVE_PX, duration: 300 })).catch(() => undefined)
}

/**
 * For a form whose problems show only after a failed submit: `scrollTo(selector)` once the
 * problems are on screen (after React committed them and, on the mini-program, after Taro handed
 * them to the page: nextTick), so the first one is what the attendee sees.
 */
export function useScrollToProblem(): (selector: string) => void {
  const [asked, setAsked] = useState<{ selector: string } | null>(null)
  useEffect(() => {
    if (!asked) return
    // H5: the DOM is what React committed; the mini-program's page gets it on Taro's next tick
    if (process.env.TARO_ENV === 'h5') scrollToSelector(asked.selector)
    else Taro.nextTick(() => scrollToSelector(asked.selector))
  }, [asked])
  // a new object each time: the same selector asked again scrolls again
  return useCallback((selector: string) => setAsked({ selector }), [])
}
