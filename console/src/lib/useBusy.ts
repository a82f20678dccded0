/** A form's sending state: `run(work)` marks it busy, clears the last error, and keeps the error text of a failed `work`. */
import { useState } from 'react'

export function useBusy(): { busy: boolean; error: string | null; run: (work: () => Promise<void>) => Promise<void> } {
  const [error, setError] = useState<string | null>(null)
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
  return { busy, error, run }
}
