/**
 * A form's sending state: `run(work)` marks it busy, clears the last error, and keeps the error
 * text of a failed `work`. `setError` shows an error that no `run` made (a load that failed).
 */
import { useState } from 'react'

export interface Busy {
  busy: boolean
  error: string | null
  setError: (error: string | null) => void
  run: (work: () => Promise<void>) => Promise<void>
}

export function useBusy(initialError: string | null = null): Busy {
  const [error, setError] = useState<string | null>(initialError)
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}
