/** Data a page loads: its value, the error text, and a reload. */
import { useCallback, useEffect, useState } from 'react'

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: string | null; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [round, setRound] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  const run = useCallback(load, deps)
  useEffect(() => {
    let live = true
    setLoading(true)
    run().then(
      (v) => live && (setData(v), setError(null), setLoading(false)),
      (e: unknown) => live && (setError(e instanceof Error ? e.message : String(e)), setLoading(false)),
    )
    return () => {
      live = false
    }
  }, [run, round])
  return { data, error, loading, reload: () => setRound((r) => r + 1) }
}
