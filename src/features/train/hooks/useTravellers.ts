import type { Traveller } from '@contracts/calls/train/travellers'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchTravellers } from '../api/travellers'

/** the attendee's saved travellers (newest first) */
export function useTravellers() {
  const token = useAppStore((s) => s.token) ?? ''
  return useQuery<Traveller[]>(`train:travellers:${token}`, fetchTravellers)
}
