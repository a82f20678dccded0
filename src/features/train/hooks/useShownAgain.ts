import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'

/**
 * `cb` whenever the page comes back into view (back from another page), not on its first show:
 * the page's own fetches have just run then.
 */
export function useShownAgain(cb: () => void): void {
  const shows = useRef(0)
  const latest = useRef(cb)
  latest.current = cb
  useDidShow(() => {
    if (shows.current++ > 0) latest.current()
  })
}
