import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'

/**
 * Runs `cb` again and again while `active`, with the pause `delayOf(attempt)` before each run
 * (growing: backoff). It stops while the page is hidden (another page on top, the app in the
 * background) and starts again from the first pause when the page shows again; it stops for good
 * when `active` turns false or the component goes away. A run that is still waiting is not
 * overlapped: the next pause starts when it settles.
 */
export function useBackoffPolling(cb: () => Promise<unknown>, delayOf: (attempt: number) => number, active: boolean): void {
  const latest = useRef({ cb, delayOf })
  latest.current = { cb, delayOf }
  const [visible, setVisible] = useState(true)
  useDidHide(() => setVisible(false))
  useDidShow(() => setVisible(true))

  useEffect(() => {
    if (!active || !visible) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    const next = () => {
      timer = setTimeout(() => {
        void latest.current
          .cb()
          .catch(() => undefined)
          .then(() => {
            if (!stopped) next()
          })
      }, latest.current.delayOf(attempt++))
    }
    next()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [active, visible])
}
