/** The attendee's own profile. */
import type { UpdateUserRequest } from '@contracts/calls/auth'
import type { UserInfo } from '@contracts/event'
import type { Deps } from '../deps'
import { updateUser } from './repositories/users'
import { profileOf, toUserInfo, type SessionInfo } from './sessions'

export async function updateProfile(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, req: UpdateUserRequest): Promise<UserInfo> {
  const changes: { name?: string; company?: string | null } = {}
  if (req.name) changes.name = req.name
  if (req.company !== undefined) changes.company = req.company || null
  if (Object.keys(changes).length === 0) return profileOf(session)
  const user = await updateUser(deps.db, session.user.id, changes, deps.now())
  return toUserInfo(user, session.event, session.attendee)
}
