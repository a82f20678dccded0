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
  useDidShow(q.refresh)
}
