/** message_log as the console reads it: an event's messages, newest first, filtered and paged. */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm'
import type { MessageChannel, MessageState } from '@contracts/admin/message-log'
import type { Queryable } from '../../kernel/db/client'
import { users } from '../../kernel/db/schema'
import { containsPattern } from '../../register/rules/review-rules'
import { messageLog } from '../tables'

export interface MessageFilter {
  eventId: number
  channel: MessageChannel | ''
  state: MessageState | ''
  recipient: string
}

function whereOf(f: MessageFilter): SQL {
  const conditions: SQL[] = [eq(messageLog.eventId, f.eventId)]
  if (f.channel) conditions.push(eq(messageLog.channel, f.channel))
  if (f.state) conditions.push(eq(messageLog.state, f.state))
  if (f.recipient) conditions.push(ilike(messageLog.recipient, containsPattern(f.recipient)))
  return and(...conditions)!
}

export async function messagePageRows(q: Queryable, f: MessageFilter, offset: number, limit: number) {
  const where = whereOf(f)
  const [{ n }] = await q.select({ n: count() }).from(messageLog).where(where)
  const rows = await q
    .select({ m: messageLog, attendeeName: users.name })
    .from(messageLog)
    .leftJoin(users, eq(users.id, messageLog.userId))
    .where(where)
    .orderBy(desc(messageLog.id))
    .offset(offset)
    .limit(limit)
  return { total: n, rows }
}
