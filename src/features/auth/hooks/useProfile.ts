import { useRef } from 'react'
import { useDidShow } from '@tarojs/taro'
import { appState } from '@/store'
import { useQuery } from '@/lib/useQuery'
import { getUser } from '../api/get-user'

/** a profile fetched this recently is not fetched again (mount and first show come together) */
export const PROFILE_FRESH_MS = 1000

/**
 * Keeps the logged-in attendee's profile (name, company) fresh in the store: fetched when the page
 * mounts and again whenever it shows again, since it may change elsewhere. Failures are left to
 * the request client (it has told the user); the stored profile stays on screen.
 */
export function useProfileRefresh(): void {
  const q = useQuery(
    'profile',
    async () => {
      const user = await getUser()
      appState().setUser(user)
      return user
    },
    { freshMs: PROFILE_FRESH_MS },
  )
  // the first show is the page's opening, fetched on mount above: on the mini-program it arrives
  // while that fetch is still out (not fresh yet), and refreshing then fetched twice (test:weapp)
  const shows = useRef(0)
  useDidShow(() => {
    if (shows.current++ > 0) q.refresh()
  })
}
