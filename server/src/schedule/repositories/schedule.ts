/** sub_events, sub_event_signups and the activity limit of registration_forms: SQL only. */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, registrationForms, subEventSignups, subEvents } from '../../kernel/db/schema'

export type SubEventRow = typeof subEvents.$inferSelect
export type NewSubEvent = typeof subEvents.$inferInsert

/** the agenda in display order: start time, track, the organiser's order */
export async function listSubEvents(q: Queryable, eventId: number, opts: { signupOnly?: boolean } = {}): Promise<SubEventRow[]> {
  const where = opts.signupOnly ? and(eq(subEvents.eventId, eventId), eq(subEvents.signupOpen, true)) : eq(subEvents.eventId, eventId)
  return q.select().from(subEvents).where(where).orderBy(asc(subEvents.startTime), asc(subEvents.trackEn), asc(subEvents.sort), asc(subEvents.id))
}

/** ids of the sub-events an attendee signed up for */
export async function signedUpIds(q: Queryable, attendeeId: number): Promise<number[]> {
  const rows = await q.select({ id: subEventSignups.subEventId }).from(subEventSignups).where(eq(subEventSignups.attendeeId, attendeeId))
  return rows.map((r) => r.id)
}

export async function maxActivitiesOf(q: Queryable, eventId: number): Promise<{ found: boolean; max: number | null }> {
  const [row] = await q.select({ max: registrationForms.maxActivities }).from(registrationForms).where(eq(registrationForms.eventId, eventId))
  return row ? { found: true, max: row.max } : { found: false, max: null }
}

/**
 * Holds the attendee's row until the transaction ends: one attendee's choices are made one at a
 * time, so two requests cannot each stay under the limit and together exceed it.
 */
export async function lockAttendee(tx: Tx, attendeeId: number): Promise<void> {
  await tx.select({ id: attendees.id }).from(attendees).where(eq(attendees.id, attendeeId)).for('no key update')
}

/**
 * Takes one place if one is left: a single conditional UPDATE. Concurrent callers queue on the
 * row and PostgreSQL re-checks `taken < capacity` on the row as the previous one left it. false:
 * full.
 */
export async function takePlace(tx: Tx, subEventId: number): Promise<boolean> {
  const rows = await tx
    .update(subEvents)
    .set({ taken: sql`${subEvents.taken} + 1` })
    .where(and(eq(subEvents.id, subEventId), or(isNull(subEvents.capacity), lt(subEvents.taken, subEvents.capacity))))
    .returning({ id: subEvents.id })
  return rows.length === 1
}

export async function addSignup(tx: Tx, row: { eventId: number; subEventId: number; attendeeId: number; userId: number; createdAt: Date }): Promise<void> {
  await tx.insert(subEventSignups).values(row)
}

/** gives back the places of these sub-events and deletes the attendee's sign-ups for them */
export async function removeSignups(tx: Tx, attendeeId: number, subEventIds: number[]): Promise<void> {
  if (subEventIds.length === 0) return
  const gone = await tx
    .delete(subEventSignups)
    .where(and(eq(subEventSignups.attendeeId, attendeeId), inArray(subEventSignups.subEventId, subEventIds)))
    .returning({ id: subEventSignups.subEventId })
  for (const g of gone) {
    await tx
      .update(subEvents)
      .set({ taken: sql`${subEvents.taken} - 1` })
      .where(eq(subEvents.id, g.id))
  }
}

/** adds or updates an event's agenda by code in one statement (the organiser's loader, the demo seed); places taken are kept */
export async function upsertSubEvents(q: Queryable, rows: NewSubEvent[]): Promise<void> {
  if (rows.length === 0) return
  const values = rows.map(({ taken: _taken, id: _id, ...v }) => v)
  // every column any row carries, from the row being inserted (EXCLUDED: a column a row leaves out
  // is its default there), except the key and `taken`
  const keys = [...new Set(values.flatMap((v) => Object.keys(v)))] as Array<keyof (typeof values)[number]>
  const set = Object.fromEntries(keys.filter((k) => k !== 'eventId' && k !== 'code').map((k) => [k, sql.raw(`excluded.${subEvents[k].name}`)]))
  await q
    .insert(subEvents)
    .values(values)
    .onConflictDoUpdate({ target: [subEvents.eventId, subEvents.code], set })
}
