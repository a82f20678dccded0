/** The microsite's on/off switch, as the organisers' console shows and sets it. */
import type { Queryable } from '../kernel/db/client'
import { findWebpage, setWebpageEnabled } from './repositories/microsite'

/** on, off, or null: the event has no microsite yet (`npm run microsite:load` makes one) */
export async function micrositeSwitch(q: Queryable, eventId: number): Promise<boolean | null> {
  return (await findWebpage(q, eventId))?.enabled ?? null
}

/** sets the switch of an event that has a microsite; an event without one is left as it is */
export async function setMicrositeSwitch(q: Queryable, eventId: number, on: boolean, now: Date): Promise<void> {
  await setWebpageEnabled(q, eventId, on, now)
}
