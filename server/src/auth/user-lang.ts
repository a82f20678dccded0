/**
 * The language a logged-in person uses, kept for the SMS and e-mail sent to them later (users.lang;
 * train/orders/orders.ts queueSms reads it). Every request says its language (header `lang`); it
 * is written at login and, when it changed since (the language switch), by the calls the app makes
 * on every launch and page (getUser, addPageView): a comparison per request, a write per change.
 */
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import { setUserLang } from './repositories/users'
import type { SessionInfo } from './sessions'

export async function rememberLang(deps: Pick<Deps, 'db'>, session: SessionInfo | null, lang: Lang): Promise<void> {
  if (!session || (session.user.lang ?? 'zh') === lang) return
  await setUserLang(deps.db, session.user.id, lang)
  // a cached session (the searches) carries the new value too, so the next request does not write again
  session.user.lang = lang
}
