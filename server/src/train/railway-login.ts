/**
 * The attendee's railway login (trainTicketLogin; spec §6 "Train booking needs a separate railway
 * account login"). The railway's session lasts while it is used; once it has timed out every call
 * that reaches the railway answers ETRAIN1002 (spec §8: modal, then back to the train login).
 */
import type { RailwayLoginRequest, RailwayLoginState } from '@contracts/calls/train'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { findRailwaySession, saveRailwaySession, touchLiveRailwaySession, type RailwaySessionRow } from './repositories/railway'
import { toShanghaiIso } from '../kernel/time/time'

/** 'demo12306' → 'de*****06': enough to recognise one's own account */
export const maskAccount = (a: string): string =>
  a.length <= 4 ? `${a.charAt(0)}***` : `${a.slice(0, 2)}${'*'.repeat(Math.min(6, a.length - 4))}${a.slice(-2)}`

export async function loginRailway(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches' | 'metrics'>,
  userId: number,
  body: RailwayLoginRequest,
): Promise<RailwayLoginState> {
  if (!body.account || !body.password) throw new AppError('ETRAIN1005')
  if (!body.agreed) throw new AppError('ETRAIN1004')
  const result = await deps.railway.login(deps.db, body.account, body.password)
  if (result === 'unavailable') {
    deps.metrics.providerFailure('railway', 'login')
    throw new AppError('ETRAIN1003')
  }
  if (result === 'wrong') throw new AppError('ETRAIN1001')
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + deps.railway.sessionMs())
  await saveRailwaySession(deps.db, { userId, account: body.account, expiresAt, createdAt: now })
  deps.searchCaches.railwaySessionChanged(userId)
  return { loggedIn: true, account: maskAccount(body.account), expiresAt: toShanghaiIso(expiresAt) }
}

export async function railwayLoginState(deps: Pick<Deps, 'db' | 'now'>, userId: number): Promise<RailwayLoginState> {
  const s = await findRailwaySession(deps.db, userId)
  if (!s || s.expiresAt.getTime() <= deps.now().getTime()) return { loggedIn: false, account: null, expiresAt: null }
  return { loggedIn: true, account: maskAccount(s.account), expiresAt: toShanghaiIso(s.expiresAt) }
}

/**
 * A use extends the railway login to sessionMs from now, but writes that only when it moves the
 * stored end by more than this (a search a second must not be a write a second): the login then
 * ends at most this much earlier than "sessionMs after the last use".
 */
export const railwayTouchSlackMs = (sessionMs: number): number => Math.min(60_000, Math.floor(sessionMs / 10))

/**
 * ETRAIN1002 unless the attendee's railway login is alive; using it keeps it alive. Read through
 * the railway-login cache (search-caches.ts): an entry that looks expired is read again (another
 * process may have extended it), so the cache can only make a login last, never end it early.
 */
export async function requireRailway(deps: Pick<Deps, 'db' | 'now' | 'railway'> & Partial<Pick<Deps, 'searchCaches'>>, userId: number): Promise<void> {
  const now = deps.now()
  const cache = deps.searchCaches?.railwaySessions
  const alive = (s: RailwaySessionRow | undefined): s is RailwaySessionRow => !!s && s.expiresAt.getTime() > now.getTime()
  let s = cache ? await cache.get(userId, () => findRailwaySession(deps.db, userId)) : await findRailwaySession(deps.db, userId)
  if (cache && !alive(s)) {
    cache.delete(userId)
    s = await findRailwaySession(deps.db, userId)
  }
  if (!alive(s)) throw new AppError('ETRAIN1002')
  const sessionMs = deps.railway.sessionMs()
  const expiresAt = new Date(now.getTime() + sessionMs)
  if (expiresAt.getTime() - s.expiresAt.getTime() <= railwayTouchSlackMs(sessionMs)) return
  // only while it is still alive in the database (one statement: it may have ended since it was read)
  if (!(await touchLiveRailwaySession(deps.db, userId, now, expiresAt))) {
    cache?.delete(userId)
    throw new AppError('ETRAIN1002')
  }
  if (cache) cache.put(userId, { ...s, expiresAt })
}
