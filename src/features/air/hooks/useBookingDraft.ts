import { useCallback } from 'react'
import { appState, useAppStore } from '@/store'
import { emptyDraft, type BookingDraft } from '../model/booking'

/**
 * The reservation form, kept in the store (persisted) for the flight and cabin it was typed for:
 * leaving the page, a reload or a failed submit loses nothing. Another flight starts afresh.
 */
export function useBookingDraft(forKey: string): [BookingDraft, (next: BookingDraft) => void, () => void] {
  const stored = useAppStore((s) => s.airBookingDraft)
  const draft = stored && stored.forKey === forKey ? { ...emptyDraft(), ...(stored.draft as Partial<BookingDraft>) } : emptyDraft()
  const set = useCallback((next: BookingDraft) => appState().setAirBookingDraft({ forKey, draft: next }), [forKey])
  const clear = useCallback(() => appState().setAirBookingDraft(null), [])
  return [draft, set, clear]
}
