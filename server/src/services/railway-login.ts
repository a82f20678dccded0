/**
 * The attendee's railway login (trainTicketLogin; spec §6 "Train booking needs a separate railway
 * account login"). The railway's session lasts while it is used; once it has timed out every call
 * that reaches the railway answers ETRAIN1002 (spec §8: modal, then back to the train login).
 */
import type { RailwayLoginRequest, RailwayLoginState } from '@contracts/calls/train'
import type { Deps } from '../deps'
import { AppError } from '../errors'
import { findRailwaySession, saveRailwaySession, touchLiveRailwaySession } from '../repositories/railway'
import { toShanghaiIso } from '../domain/time'

/** 'demo12306' → 'de*****06': enough to recognise one's own account */
export const maskAccount = (a: string): string => (a.length <= 4 ? `${a.charAt(0)}***` : `${a.slice(0, 2)}${'*'.repeat(Math.min(6, a.length - 4))}${a.slice(-2)}`)

export async function loginRailway(deps: Pick<Deps, 'db' | 'now' | 'railway'>, userId: number, body: RailwayLoginRequest): Promise<RailwayLoginState> {
  if (!body.account || !body.password) throw new AppError('ETRAIN1005')
  if (!body.agreed) throw new AppError('ETRAIN1004')
  const result = await deps.railway.login(deps.db, body.account, body.password)
  if (result === 'unavailable') throw new AppError('ETRAIN1003')
  if (result === 'wrong') throw new AppError('ETRAIN1001')
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + deps.railway.sessionMs())
  await saveRailwaySession(deps.db, { userId, account: body.account, expiresAt, createdAt: now })
  return { loggedIn: true, account: maskAccount(body.account), expiresAt: toShanghaiIso(expiresAt) }
}

export async function railwayLoginState(deps: Pick<Deps, 'db' | 'now'>, userId: number): Promise<RailwayLoginState> {
  const s = await findRailwaySession(deps.db, userId)
  if (!s || s.expiresAt.getTime() <= deps.now().getTime()) return { loggedIn: false, account: null, expiresAt: null }
  return { loggedIn: true, account: maskAccount(s.account), expiresAt: toShanghaiIso(s.expiresAt) }
}

/** ETRAIN1002 unless the attendee's railway login is alive; using it keeps it alive */
export async function requireRailway(deps: Pick<Deps, 'db' | 'now' | 'railway'>, userId: number): Promise<void> {
  const now = deps.now()
  if (!(await touchLiveRailwaySession(deps.db, userId, now, new Date(now.getTime() + deps.railway.sessionMs())))) throw new AppError('ETRAIN1002')
}
