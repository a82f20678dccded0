import { useEffect, useRef } from 'react'

/** runs `cb` every `ms` while `active` (and the component is mounted) */
export function usePolling(cb: () => void, ms: number, active: boolean): void {
  const latest = useRef(cb)
  latest.current = cb
  useEffect(() => {
    if (!active) return
    const id = setInterval(() => latest.current(), ms)
    return () => clearInterval(id)
  }, [active, ms])
}
