import { useCallback } from 'react'
import { appState, useAppStore, type AppState } from '@/store'
import { emptyDraft, type BookingDraft } from '../model/booking'

/** the store's kept air forms: the reservation, and the refund or change form of an order */
type DraftSlot = 'airBookingDraft' | 'airAfterSalesDraft'
const SETTERS: Record<DraftSlot, (s: AppState) => AppState['setAirBookingDraft']> = {
  airBookingDraft: (s) => s.setAirBookingDraft,
  airAfterSalesDraft: (s) => s.setAirAfterSalesDraft,
}

/**
 * A form kept in the store (persisted) for what it was typed for (`forKey`): leaving the page, a
 * reload or a failed submit loses nothing; something else starts afresh. `set` takes the whole
 * form, `patch` merges into the form as kept now (two changes in one event both stay), `clear`
 * drops it (after the request succeeded).
 */
export function useKeptDraft<T extends object>(
  slot: DraftSlot,
  forKey: string,
  empty: () => T,
): { draft: T; set: (next: T) => void; patch: (change: Partial<T>) => void; clear: () => void } {
  const stored = useAppStore((s) => s[slot])
  const draft = stored && stored.forKey === forKey ? { ...empty(), ...(stored.draft as Partial<T>) } : empty()
  const set = useCallback((next: T) => SETTERS[slot](appState())({ forKey, draft: next }), [slot, forKey])
  const patch = useCallback(
    (change: Partial<T>) => {
      const now = appState()[slot]
      const base = now && now.forKey === forKey ? { ...empty(), ...(now.draft as Partial<T>) } : empty()
      SETTERS[slot](appState())({ forKey, draft: { ...base, ...change } })
    },
    [slot, forKey, empty],
  )
  const clear = useCallback(() => SETTERS[slot](appState())(null), [slot])
  return { draft, set, patch, clear }
}

/** the reservation form for the flight and cabin it was typed for */
export function useBookingDraft(forKey: string): [BookingDraft, (next: BookingDraft) => void, () => void] {
  const { draft, set, clear } = useKeptDraft('airBookingDraft', forKey, emptyDraft)
  return [draft, set, clear]
}
