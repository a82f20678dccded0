/**
 * Registration review in the organisers' console: the queue of registrations under review, and the
 * decision on one or many at once (owner, organiser, reviewer: contracts/admin/roles.ts).
 *
 * A decision takes only registrations still under review; one decided meanwhile (by another
 * organiser) is skipped and said so. It is made in one transaction with its audit rows and the
 * attendee's notice (SMS to a mobile, else e-mail, in the language they last used the app in, sent
 * by a job once the transaction commits). Activity places are taken at sign-up, under review too:
 * an approval keeps them, a rejection gives them back to others. Places never go over capacity.
 */
import type { DecideRegistrationsRequest, DecideRegistrationsResponse, ReviewItem, ReviewQueuePage, ReviewQueueRequest } from '@contracts/admin/review'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import { messageText, type Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import type { Tx } from '../kernel/db/client'
import { ensureJob } from '../kernel/jobs/repository'
import { recordChange } from '../audit/record'
import { userLang } from '../auth/repositories/users'
import type { EventRow } from '../events/repositories/events'
import { releaseActivities } from '../schedule/schedule'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { findForm } from './repositories/register'
import { activitiesOf, lockForDecision, recordDecision, reviewQueueRows } from './repositories/review'
import { REGISTER_JOBS } from './jobs'
import { REVIEW_RULES } from './rules/review-rules'
import { asReviewStatus, attendeeTypeNames } from './rules/listed-attendee'
import { reviewAnswers } from './rules/review-answers'
import { AppError } from '../kernel/errors'

export async function reviewQueue(deps: Pick<Deps, 'db'>, session: StaffSession, req: ReviewQueueRequest): Promise<ReviewQueuePage> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['registration.review'])
  const filter = { eventId: event.id, status: req.status, keyword: req.keyword.trim() }
  const { total, rows } = await reviewQueueRows(deps.db, filter, (req.page - 1) * req.pageSize, req.pageSize)
  const form = await findForm(deps.db, event.id)
  const held = await activitiesOf(
    deps.db,
    rows.map((r) => r.attendeeId),
  )
  const list: ReviewItem[] = rows.map((r) => ({
    contactCode: r.contactCode,
    name: r.name,
    mobile: r.mobile ?? '',
    email: r.email ?? '',
    company: r.company ?? '',
    contactType: r.contactType,
    ...attendeeTypeNames(form, r.contactType),
    status: asReviewStatus(r.status),
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reason: r.reason,
    activities: held.filter((h) => h.attendeeId === r.attendeeId).map(({ code, titleZh, titleEn }) => ({ code, titleZh, titleEn })),
    answers: reviewAnswers(form, r.contactType, r.values),
  }))
  return { total, list }
}

export async function decideRegistrations(
  deps: Pick<Deps, 'db' | 'now'>,
  session: StaffSession,
  req: DecideRegistrationsRequest,
): Promise<DecideRegistrationsResponse> {
  const codes = [...new Set(req.contactCodes)]
  const reason = req.reason.trim()
  if (codes.length === 0) throw new AppError('EADM2001')
  if (codes.length > REVIEW_RULES.maxBatch) throw new AppError('EADM2002', 200, { max: REVIEW_RULES.maxBatch })
  if (req.decision === 'rejected' && !reason) throw new AppError('EADM2003')
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['registration.review'])
    const rows = await lockForDecision(tx, event.id, codes)
    const decided: string[] = []
    const skipped: DecideRegistrationsResponse['skipped'] = []
    for (const code of codes) {
      const row = rows.find((r) => r.contact.contactCode === code)
      if (!row) skipped.push({ contactCode: code, msgId: 'ESYS0004' })
      else if (row.attendee.status !== 'auditing') skipped.push({ contactCode: code, msgId: 'EADM2004' })
      else {
        await recordDecision(tx, { contactId: row.contact.id, attendeeId: row.attendee.id, status: req.decision, reason, at: now })
        if (req.decision === 'rejected') await releaseActivities(tx, row.attendee.id)
        await recordChange(tx, {
          staffId: session.staff.id,
          eventId: event.id,
          action: req.decision === 'approved' ? 'registration.approve' : 'registration.reject',
          target: code,
          before: { status: 'auditing' },
          after: { status: req.decision, ...(reason ? { reason } : {}) },
          at: now,
        })
        await queueNotice(
          tx,
          event,
          { userId: row.contact.userId, name: row.user.name, mobile: row.user.mobile, email: row.user.email },
          code,
          req.decision,
          reason,
          now,
        )
        decided.push(code)
      }
    }
    return { decided, skipped }
  })
}

/** the attendee's notice of the result, sent by the notice job once the decision commits */
async function queueNotice(
  tx: Tx,
  event: EventRow,
  to: { userId: number; name: string; mobile: string | null; email: string | null },
  contactCode: string,
  decision: 'approved' | 'rejected',
  reason: string,
  now: Date,
): Promise<void> {
  const channel = to.mobile ? 'sms' : to.email ? 'email' : null
  if (!channel) return
  const lang: Lang = await userLang(tx, to.userId)
  const eventTitle = lang === 'en' ? event.titleEn || event.titleZh : event.titleZh
  const params = { event: eventTitle, name: to.name, reason }
  const text = messageText(decision === 'approved' ? 'ENOTE1020' : 'ENOTE1021', lang, params)
  const subject = channel === 'email' ? messageText('ENOTE1022', lang, { event: eventTitle }) : ''
  await ensureJob(tx, {
    kind: REGISTER_JOBS.notice,
    key: `review:${contactCode}`,
    // eventId, userId and lang tell the message log whose notice it is
    payload: { channel, to: channel === 'sms' ? to.mobile : to.email, subject, text, eventId: event.id, userId: to.userId, lang },
    dueAt: now,
    now,
  })
}
