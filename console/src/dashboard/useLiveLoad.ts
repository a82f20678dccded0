/**
 * Data a page shows live: loaded at once, then again every `everyMs` while the tab is visible
 * (document.visibilityState), and at once when it becomes visible again. A hidden tab asks
 * nothing: a screen left open on a second monitor behind a window costs the server no calls.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export function useLiveLoad<T>(load: () => Promise<T>, everyMs: number, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loadedAt, setLoadedAt] = useState<Date | null>(null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  const run = useCallback(load, deps)
  const busy = useRef(false)

  useEffect(() => {
    let live = true
    setData(null)
    const once = () => {
      // a slow answer is not asked for twice at once
      if (busy.current) return
      busy.current = true
      run()
        .then(
          (v) => live && (setData(v), setError(null), setLoadedAt(new Date())),
          (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
        )
        .finally(() => {
          busy.current = false
        })
    }
    once()
    const timer = window.setInterval(() => document.visibilityState === 'visible' && once(), everyMs)
    const shown = () => document.visibilityState === 'visible' && once()
    document.addEventListener('visibilitychange', shown)
    return () => {
      live = false
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', shown)
    }
  }, [run, everyMs])

  return { data, error, loadedAt }
}
