/**
 * The gentle per-address request limits of route.ts (`rateLimit`), counted in the database so
 * that N instances share one limit instead of allowing N times as much.
 */
import type { Deps } from '../../deps'
import { fixedWindow } from '../time/time'
import { countHit } from './rate-counters'

/**
 * Counts one request of `key` in the fixed window of `windowMs` around now: false when it is over
 * `limit`. A refused request counts too (it does not matter: the window ends all the same).
 */
export async function withinLimit(deps: Pick<Deps, 'db' | 'now'>, key: string, limit: number, windowMs: number): Promise<boolean> {
  return (await countHit(deps.db, key, fixedWindow(deps.now(), windowMs))) <= limit
}
