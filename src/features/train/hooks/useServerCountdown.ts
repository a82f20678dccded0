import { useEffect, useMemo, useState } from 'react'
import { clockOffset, secondsLeft } from '../model/countdown'

/**
 * Seconds left to a deadline of the server's, counted on the server's clock (the answer's
 * `serverNow` against the phone's clock when it arrived); ticks once a second while above zero.
 * `deadline` null: no countdown (0).
 */
export function useServerCountdown(deadline: string | null | undefined, serverNow: string | undefined): number {
  // the moment this answer (serverNow) reached the phone
  const offset = useMemo(() => (serverNow ? clockOffset({ serverNow, receivedAt: Date.now() }) : 0), [serverNow])
  const [now, setNow] = useState(() => Date.now())
  const left = deadline ? secondsLeft(deadline, now, offset) : 0
  useEffect(() => {
    if (left <= 0) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [left > 0]) // eslint-disable-line react-hooks/exhaustive-deps
  return left
}
