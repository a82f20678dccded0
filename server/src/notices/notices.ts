/**
 * Notices to a filtered set of an event's attendees ('messages.send'): the attendee list's filter
 * finds them, the channel reaches each at their mobile or e-mail, each gets the template of their
 * language with their name. The preview counts; the send writes, in one transaction, the notice,
 * one row per attendee reached (once: the key of the request and the (notice, attendee) key),
 * one job per message, due at the providers' rate, its queued row in the message log, and the
 * audit row.
 */
import { sql } from 'drizzle-orm'
import { messageText } from '@contracts/messages'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'
import { fillTemplate, type NoticeDraft, type NoticePreview, type SendNoticeRequest, type SendNoticeResponse } from '@contracts/admin/notices'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import type { Queryable, Tx } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { addJobs } from '../kernel/jobs/repository'
import { recordChange } from '../audit/record'
import { jobMessageKey } from '../message-log/record'
import type { EventRow } from '../events/repositories/events'
import { matchingAttendeeIds } from '../register/attendee-list'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { NOTICE_JOB } from './jobs'
import { findNotice, insertNotice, insertQueuedMessages, insertRecipients, peopleOf, providerBacklog } from './repositories/notices'
import { dueAt, langOf, reachOf, type Person, type Provider } from './rules/reach'

/** serialises notices: each one's place in the providers' queues counts the ones before it */
const NOTICE_LOCK_KEY = 7_200_001

function checkTemplates(d: NoticeDraft): void {
  if (!d.templateZh.trim() || !d.templateEn.trim()) throw new AppError('EADM7201')
  const max = NOTICE_RULES.templateMaxLength
  if (d.templateZh.length > max || d.templateEn.length > max) throw new AppError('EADM7202', 200, { max })
}

/** the attendees the filter finds, and of them those the channel reaches */
async function audience(q: Queryable, eventId: number, d: NoticeDraft) {
  const ids = await matchingAttendeeIds(q, eventId, d)
  if (ids.length > NOTICE_RULES.maxRecipients) throw new AppError('EADM7204', 200, { max: NOTICE_RULES.maxRecipients })
  const people = await peopleOf(q, ids)
  const reached = people.flatMap((p) => {
    const r = reachOf(p, d.channel)
    return r ? [{ person: p, ...r }] : []
  })
  return { matched: ids.length, reached }
}

export async function previewNotice(deps: Pick<Deps, 'db'>, session: StaffSession, d: NoticeDraft): Promise<NoticePreview> {
  const { event } = await eventForStaff(deps.db, session, d.eventCode, ROLE_PERMISSIONS['messages.send'])
  const { matched, reached } = await audience(deps.db, event.id, d)
  const inLang = (lang: 'zh' | 'en') => reached.filter((r) => langOf(r.person) === lang)
  const [zh, en] = [inLang('zh'), inLang('en')]
  const sample = (of: typeof reached) => of[0]?.person.name ?? ''
  return { matched, zh: zh.length, en: en.length, unreachable: matched - reached.length, sampleZh: sample(zh), sampleEn: sample(en) }
}

export async function sendNotice(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: SendNoticeRequest): Promise<SendNoticeResponse> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['messages.send'])
    checkTemplates(req)
    await tx.execute(sql`select pg_advisory_xact_lock(${NOTICE_LOCK_KEY})`)
    // pressed twice, or the answer lost and sent again: the notice already sent
    const before = await findNotice(tx, event.id, req.idempotencyKey)
    if (before) return { noticeId: before.id, queued: before.queued }
    const { reached } = await audience(tx, event.id, req)
    if (reached.length === 0) throw new AppError('EADM7203')
    const { eventCode: _code, idempotencyKey, templateZh, templateEn, channel, ...filter } = req
    const noticeId = await insertNotice(tx, {
      eventId: event.id,
      staffId: session.staff.id,
      idempotencyKey,
      channel,
      templateZh,
      templateEn,
      filter,
      queued: reached.length,
      createdAt: now,
    })
    await queueMessages(tx, event, noticeId, req, reached, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: 'notice.send',
      target: `notice:${noticeId}`,
      before: null,
      after: { channel, templateZh, templateEn, filter, queued: reached.length },
      at: now,
    })
    return { noticeId, queued: reached.length }
  })
}

/** one job per message, due at its provider's rate, each with its attendee's row and its queued row in the log */
async function queueMessages(
  tx: Tx,
  event: EventRow,
  noticeId: number,
  d: NoticeDraft,
  reached: Array<{ person: Person; provider: Provider; to: string }>,
  now: Date,
): Promise<void> {
  const backlog = { sms: await providerBacklog(tx, NOTICE_JOB, 'sms'), email: await providerBacklog(tx, NOTICE_JOB, 'email') }
  const nth = { sms: 0, email: 0 }
  const planned = reached.map(({ person, provider, to }) => {
    const lang = langOf(person)
    const text = fillTemplate(lang === 'en' ? d.templateEn : d.templateZh, person.name)
    const eventTitle = lang === 'en' ? event.titleEn || event.titleZh : event.titleZh
    const subject = provider === 'email' ? messageText('EADM7210', lang, { event: eventTitle }) : ''
    const key = `${noticeId}:${person.userId}`
    const payload = { channel: provider, to, subject, text, eventId: event.id, userId: person.userId, lang, noticeId }
    return { person, provider, to, lang, key, job: { kind: NOTICE_JOB, key, payload, dueAt: dueAt(provider, backlog[provider], nth[provider]++, now) } }
  })
  const jobIds = new Map<string, number>()
  for (let i = 0; i < planned.length; i += NOTICE_RULES.insertRows) {
    for (const [k, id] of await addJobs(
      tx,
      planned.slice(i, i + NOTICE_RULES.insertRows).map((p) => p.job),
      now,
    ))
      jobIds.set(k, id)
  }
  await insertRecipients(
    tx,
    planned.map((p) => ({ noticeId, userId: p.person.userId, jobId: jobIds.get(p.key)! })),
  )
  await insertQueuedMessages(
    tx,
    planned.map((p) => ({
      eventId: event.id,
      userId: p.person.userId,
      channel: p.provider,
      recipient: p.to,
      kind: NOTICE_JOB,
      lang: p.lang,
      state: 'queued',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
      noticeId,
      key: jobMessageKey(jobIds.get(p.key)!),
    })),
  )
}
