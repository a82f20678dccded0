/** The SQL of notices to attendees (notices/notices.ts). */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, jobs, users } from '../../kernel/db/schema'
import { messageLog } from '../../message-log/tables'
import { noticeRecipients, notices } from '../tables'
import type { Person, Provider } from '../rules/reach'

/** the people of these attendees, with their contacts and language */
export function peopleOf(q: Queryable, attendeeIds: number[]): Promise<Person[]> {
  if (attendeeIds.length === 0) return Promise.resolve([])
  return q
    .select({ userId: users.id, name: users.name, mobile: users.mobile, email: users.email, lang: users.lang })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .where(inArray(attendees.id, attendeeIds))
}

export async function findNotice(q: Queryable, eventId: number, key: string) {
  const [row] = await q
    .select()
    .from(notices)
    .where(and(eq(notices.eventId, eventId), eq(notices.idempotencyKey, key)))
  return row ?? null
}

export async function insertNotice(tx: Tx, row: Omit<typeof notices.$inferInsert, 'id'>): Promise<number> {
  const [{ id }] = await tx.insert(notices).values(row).returning({ id: notices.id })
  return id
}

/** messages of notices a provider has not been handed yet (its queue, over every event) */
export async function providerBacklog(q: Queryable, kind: string, provider: Provider): Promise<number> {
  const [{ n }] = await q
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt), sql`${jobs.payload}->>'channel' = ${provider}`))
  return n
}

/** the attendees reached, each once (the primary key refuses a second row for a notice and person) */
export async function insertRecipients(tx: Tx, rows: Array<typeof noticeRecipients.$inferInsert>): Promise<void> {
  for (let i = 0; i < rows.length; i += NOTICE_RULES.insertRows) await tx.insert(noticeRecipients).values(rows.slice(i, i + NOTICE_RULES.insertRows))
}

/** each message's row in the log, queued, keyed by its job as the sender will write it */
export async function insertQueuedMessages(tx: Tx, rows: Array<Omit<typeof messageLog.$inferInsert, 'id'>>): Promise<void> {
  for (let i = 0; i < rows.length; i += NOTICE_RULES.insertRows) await tx.insert(messageLog).values(rows.slice(i, i + NOTICE_RULES.insertRows))
}
