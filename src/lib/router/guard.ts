import { ROUTES, type RouteName } from './routes'

export interface GuardInput {
  route: RouteName
  token: string | null
  /** microsite access level of the event (spec §6); unknown until the event is loaded */
  permissionType: number | null
}

export type GuardDecision = { allow: true } | { allow: false; redirect: 'login' }

/** permission types that need a logged-in user (spec §5) */
export const LOGIN_PERMISSION_TYPES = [2, 3, 4]

/** Login guard of spec §5, pure so it is tested without pages. */
export function decideAccess({ route, token, permissionType }: GuardInput): GuardDecision {
  const access = ROUTES[route].access
  if (access === 'public' || token) return { allow: true }
  if (access === 'login') return { allow: false, redirect: 'login' }
  // microsite
  if (permissionType !== null && LOGIN_PERMISSION_TYPES.includes(permissionType)) {
    return { allow: false, redirect: 'login' }
  }
  return { allow: true }
}
