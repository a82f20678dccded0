/**
 * Loading an event's registration form from an organiser's JSON file (`npm run register:load`):
 * checked whole first (register/rules/form-file.ts), then written in one transaction, replacing
 * the event's form and adding or updating its agenda by code (places taken are kept). Reviewing a
 * registration under review is the console's (register/review.ts).
 */
import type { Deps } from '../deps'
import type { Queryable } from '../kernel/db/client'
import { parseFormFile, type FormFileData } from './rules/form-file'
import { findForm, saveForm } from './repositories/register'
import { upsertSubEvents } from '../schedule/repositories/schedule'
import { requireEventByCode } from '../events/events'

export { FormFileError } from './rules/form-file'

export async function loadRegistrationForm(deps: Pick<Deps, 'db' | 'now'>, eventCode: string, file: unknown): Promise<{ types: number; agenda: number }> {
  const data = parseFormFile(file)
  const event = await requireEventByCode(deps.db, eventCode)
  const now = deps.now()
  await deps.db.transaction(async (tx) => writeRegistrationForm(tx, event.id, data, now))
  return { types: data.form.attendeeTypes.length, agenda: data.agenda.length }
}

/** writes a checked file in the caller's transaction: the command line's and the console's one way in */
export async function writeRegistrationForm(tx: Queryable, eventId: number, { form, agenda }: FormFileData, now: Date): Promise<void> {
  await saveForm(tx, eventId, form, now)
  await upsertSubEvents(
    tx,
    agenda.map((a, sort) => ({ ...a, eventId, startTime: new Date(a.startTime), endTime: new Date(a.endTime), sort })),
  )
}

/** the seed's way: only when the event has no form yet (an organiser's form survives restarts) */
export async function loadRegistrationFormIfAbsent(deps: Pick<Deps, 'db' | 'now'>, eventCode: string, file: unknown): Promise<boolean> {
  const event = await requireEventByCode(deps.db, eventCode)
  if (await findForm(deps.db, event.id)) return false
  await loadRegistrationForm(deps, eventCode, file)
  return true
}
