import type { PreSaleDays } from '@contracts/calls/train/search'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchPreSale } from '../api/pre-sale'

/**
 * The pre-sale period, ticketing hours and the event's train rules (child rule, minutes to pay).
 * Fetched once per page (the railway's "today" moves at midnight); the token is in the key so
 * another attendee on the same phone asks again.
 */
export function usePreSale() {
  const token = useAppStore((s) => s.token) ?? ''
  return useQuery<PreSaleDays>(`train:presale:${token}`, fetchPreSale)
}
