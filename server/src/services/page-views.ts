/** Page-view records (spec §2: after each navigation). */
import type { AddPageViewRequest } from '@contracts/calls/event'
import type { Deps } from '../deps'
import { insertPageView } from '../repositories/page-views'
import { requireEventByHash } from './events'
import type { SessionInfo } from './sessions'

/** a logged-in caller's view is tied to them, but only when their session is for this event */
export async function recordPageView(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo | null, req: AddPageViewRequest): Promise<null> {
  const event = await requireEventByHash(deps.db, req.eventHashCode)
  const userId = session && session.event.id === event.id ? session.user.id : null
  await insertPageView(deps.db, { eventId: event.id, userId, type: req.type, viewWay: req.viewWay, createdAt: deps.now() })
  return null
}
