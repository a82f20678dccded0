import { accessOf } from '@contracts/microsite'
import { ROUTES, type RouteName } from './routes'
import type { Query } from './navigate'
import { returnOf } from './returnTo'

export interface GuardInput {
  route: RouteName
  token: string | null
  /** microsite access level of the event (spec §6); unknown until the event is loaded */
  permissionType: number | null
  /** for permissionType 4: the attendee types admitted (the stored event's) */
  someUserTypes?: readonly string[] | null
  /** the logged-in attendee's type; unknown: the server decides (the microsite pages ask it) */
  userType?: string | null
}

export type GuardDecision = { allow: true } | { allow: false; redirect: 'login' | 'permissions' }

const ALLOW: GuardDecision = { allow: true }

/**
 * Login guard of spec §5, pure so it is tested without pages. Microsite pages apply the rule the
 * server enforces (contracts/microsite.ts): 2, 3 and 4 send a guest to login, 4 sends an attendee
 * of another type to the permissions page (spec §6). What the client does not know yet (the
 * event's rule, the attendee's type) it lets through: the microsite pages ask the server, which
 * refuses the content anyway.
 */
export function decideAccess({ route, token, permissionType, someUserTypes, userType }: GuardInput): GuardDecision {
  const access = ROUTES[route].access
  if (access === 'public') return ALLOW
  if (access === 'login') return token ? ALLOW : { allow: false, redirect: 'login' }
  if (permissionType === null || (token && !userType)) return ALLOW
  const a = accessOf([{ permissionType, someUserTypes: someUserTypes ?? [] }], { userType: token ? (userType ?? null) : null })
  if (a === 'allow') return ALLOW
  return { allow: false, redirect: a === 'login' ? 'login' : 'permissions' }
}

/**
 * Where a refused page sends the attendee. Login remembers the page that was asked for, with its
 * parameters (`back`/`backQuery`, lib/router/returnTo.ts), and the login form goes on there once
 * the attendee is in, so a deep link (train results, an order, the form) survives the detour.
 */
export function redirectOf(
  decision: Extract<GuardDecision, { allow: false }>,
  route: RouteName,
  params: Record<string, string | undefined>,
): { name: RouteName; query: Query } {
  if (decision.redirect === 'permissions') return { name: 'permissions', query: {} }
  return { name: 'login', query: route === 'login' ? {} : { ...returnOf(route, params) } }
}
