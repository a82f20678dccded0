import { useDidHide, useDidShow } from '@tarojs/taro'
import { useRef } from 'react'

/**
 * `cb` whenever the page comes back into view after it was hidden (back from another page), not
 * on its first show: the page's own fetches have just run then. "Again" is told by a hide seen
 * before the show, not by counting shows: a component that mounts after the page's first show
 * (behind the access guard, which may answer late on a busy phone) sees no first show at all,
 * and a count would then swallow the first return.
 */
export function useShownAgain(cb: () => void): void {
  const hidden = useRef(false)
  const latest = useRef(cb)
  latest.current = cb
  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    latest.current()
  })
}
