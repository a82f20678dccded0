/**
 * The one function that writes the message log: a send is wrapped by it, and its outcome is
 * written as the message's row. A job's message is one row whatever its attempts (keyed by the
 * job); its event, attendee and language come from the job's payload unless the sender says.
 * A failed write of the log never fails the send: the message is out, and a job that failed here
 * would send it again.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { AppDb, Queryable } from '../kernel/db/client'
import { currentJob } from '../kernel/jobs/job-scope'
import { isFinalFailure } from '../kernel/jobs/job-rules'
import type { JobRow } from '../kernel/jobs/repository'
import type { MessageTag } from '../kernel/messaging/types'
import { messageLog } from './tables'

export type MessageChannel = 'sms' | 'email' | 'wechat'
export type MessageState = 'queued' | 'sent' | 'failed'

/** what one attempt came to: sent, or failed with the provider's reason */
export type SendOutcome = { state: 'sent' } | { state: 'failed'; reason: string }

export const SENT: SendOutcome = { state: 'sent' }

/** a provider's reason, as long as a row keeps it */
const REASON_MAX = 500

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const langOf = (v: unknown): 'zh' | 'en' | null => (v === 'en' || v === 'en_US' ? 'en' : v === 'zh' || v === 'zh_CN' ? 'zh' : null)

/** what a job's payload says of its message (the jobs that send put eventId, userId, lang, noticeId there) */
function tagOfJob(job: JobRow): Required<MessageTag> {
  const p = job.payload
  return { eventId: numberOr(p.eventId), userId: numberOr(p.userId), kind: job.kind, lang: langOf(p.lang), noticeId: numberOr(p.noticeId) }
}

/** the job's key in the log: its queued row (a notice's) and every attempt are one row */
export const jobMessageKey = (jobId: number) => `job:${jobId}`

export interface LoggedMessage {
  channel: MessageChannel
  recipient: string
  tag?: MessageTag
}

export class MessageLog {
  constructor(private readonly deps: { db: AppDb; now: () => Date; log: FastifyBaseLogger }) {}

  /** sends through `send`, then writes the message's row with what `outcome` makes of the answer */
  async record<R>(m: LoggedMessage, send: () => Promise<R>, outcome: (answer: R) => SendOutcome): Promise<R> {
    const job = currentJob()
    let answer: R
    try {
      answer = await send()
    } catch (err) {
      // a job that will try again is still queued; its last reason shows
      const retried = !!job && !isFinalFailure(job.attempts + 1)
      await this.write(m, job, { state: retried ? 'queued' : 'failed', reason: err instanceof Error ? err.message : String(err) })
      throw err
    }
    await this.write(m, job, outcome(answer))
    return answer
  }

  private async write(m: LoggedMessage, job: JobRow | null, o: { state: MessageState; reason?: string }): Promise<void> {
    try {
      await writeMessage(this.deps.db, m, job, o, this.deps.now())
    } catch (err) {
      this.deps.log.error({ err, channel: m.channel }, 'message log: the row could not be written')
    }
  }
}

async function writeMessage(db: Queryable, m: LoggedMessage, job: JobRow | null, o: { state: MessageState; reason?: string }, now: Date): Promise<void> {
  const fromJob = job ? tagOfJob(job) : null
  const pick = <K extends keyof MessageTag>(k: K) => m.tag?.[k] ?? fromJob?.[k] ?? null
  const attempts = job ? job.attempts + 1 : 1
  const row = {
    eventId: pick('eventId'),
    userId: pick('userId'),
    channel: m.channel,
    recipient: m.channel === 'email' ? m.recipient.trim().toLowerCase() : m.recipient.trim(),
    kind: pick('kind') ?? 'message',
    lang: pick('lang'),
    state: o.state,
    reason: o.state === 'sent' ? null : (o.reason ?? '').slice(0, REASON_MAX),
    attempts,
    createdAt: job?.createdAt ?? now,
    updatedAt: now,
    sentAt: o.state === 'sent' ? now : null,
    noticeId: pick('noticeId'),
    key: job ? jobMessageKey(job.id) : null,
  }
  if (!job) {
    await db.insert(messageLog).values(row)
    return
  }
  // the row a notice queued (or an earlier attempt) takes this attempt's outcome
  await db
    .insert(messageLog)
    .values(row)
    .onConflictDoUpdate({
      target: messageLog.key,
      set: { state: row.state, reason: row.reason, attempts: row.attempts, updatedAt: row.updatedAt, sentAt: row.sentAt, recipient: row.recipient },
    })
}
