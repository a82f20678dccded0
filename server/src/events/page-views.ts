/** Page-view records (spec §2: after each navigation). */
import type { AddPageViewRequest } from '@contracts/calls/event'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { insertPageView } from './repositories/page-views'
import { requireCachedEventByHash } from './events'
import type { SessionInfo } from '../auth/sessions'
import { rememberLang } from '../auth/user-lang'

/**
 * A logged-in caller's view is tied to them, but only when their session is for this event. A
 * closed event (enabled: false, its site not open) records nothing: EEVT1002, as sending a code
 * and logging in answer.
 */
export async function recordPageView(
  deps: Pick<Deps, 'db' | 'now' | 'eventCache'>,
  session: SessionInfo | null,
  req: AddPageViewRequest,
  lang: Lang,
): Promise<null> {
  const event = await requireCachedEventByHash(deps, req.eventHashCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  const userId = session && session.event.id === event.id ? session.user.id : null
  await insertPageView(deps.db, { eventId: event.id, userId, type: req.type, viewWay: req.viewWay, createdAt: deps.now() })
  // the language switch is followed by a page view: the person's SMS follow it (auth/user-lang.ts)
  if (userId) await rememberLang(deps, session, lang)
  return null
}
