import type { Access } from '@contracts/microsite'
import type { RouteName } from '@/lib/router/routes'

/**
 * Where the microsite sends an attendee who may not be here (spec §5, §6): a closed microsite to
 * the "not enabled" tip, a guest to login, an attendee of another type to the permissions page.
 * null: stay.
 */
export function redirectFor(v: { enabled?: boolean; access: Access }): RouteName | null {
  if (v.enabled === false) return 'notEnabled'
  if (v.access === 'login') return 'login'
  if (v.access === 'forbidden') return 'permissions'
  return null
}
