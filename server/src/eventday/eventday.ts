/**
 * The event-day calls that read what the organiser set up (home entries, information, venue,
 * contacts, designed pages, travel rules) and the attendee's own things (table, colleagues,
 * feedback). Every logged-in call reads the caller's event from the session.
 */
import type { Colleague, DesignPage, DesignPageKind, DesignPageRequest, EventDayInfo, FeedbackRequest, TableSeat, TravelRules } from '@contracts/calls/eventday'
import { saveFeedback } from '@contracts/calls/eventday'
import type { Deps } from '../deps'
import { EVENTDAY_RULES } from './rules/eventday-rules'
import { toShanghaiIso } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import { findEventPage, findSeat, findSettings, insertFeedback, listCompanyAttendees } from './repositories/eventday'
import { requireEventByCode } from '../events/events'
import type { SessionInfo } from '../auth/sessions'

type Db = Pick<Deps, 'db'>

export async function eventDayInfo({ db }: Db, eventCode: string): Promise<EventDayInfo> {
  const event = await requireEventByCode(db, eventCode)
  // a closed site shows nothing of the event (the client shows the "not enabled" tip)
  if (!event.enabled) throw new AppError('EEVT1002')
  const s = await findSettings(db, event.id)
  return {
    eventCode: event.eventCode,
    entries: s?.entries ?? [],
    activityZh: s?.activityZh ?? '',
    activityEn: s?.activityEn ?? '',
    venue: s?.venue ?? null,
    contacts: s?.contacts ?? [],
  }
}

export async function designPage({ db }: Db, req: DesignPageRequest): Promise<DesignPage> {
  const event = await requireEventByCode(db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  const page = await findEventPage(db, event.id, req.kind, req.pageCode)
  if (!page) throw new AppError('ESYS0004')
  return { pageCode: page.pageCode, kind: page.kind as DesignPageKind, titleZh: page.titleZh, titleEn: page.titleEn, blocks: page.blocks }
}

export async function travelRules({ db }: Db, session: SessionInfo): Promise<TravelRules> {
  const s = await findSettings(db, session.event.id)
  return {
    titleZh: s?.travelRulesTitleZh ?? '',
    titleEn: s?.travelRulesTitleEn ?? '',
    contentZh: s?.travelRulesZh ?? '',
    contentEn: s?.travelRulesEn ?? '',
  }
}

export async function tableSeat({ db }: Db, session: SessionInfo): Promise<TableSeat | null> {
  const row = await findSeat(db, session.event.id, session.user.id)
  return row ? { tableNo: row.tableNo, seatNo: row.seatNo, hallZh: row.hallZh, hallEn: row.hallEn } : null
}

/**
 * Colleagues: approved attendees of the same event and company. Only the name and attendee type
 * leave the server (no mobile, e-mail or code): that is what a colleague may see of another.
 */
export async function colleagues({ db }: Db, session: SessionInfo): Promise<Colleague[]> {
  const company = session.user.company?.trim()
  if (!company) return []
  const rows = await listCompanyAttendees(db, session.event.id, company)
  return rows.map((r) => ({ name: r.name, role: r.userType, isMe: r.userId === session.user.id }))
}

export async function feedback(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, req: FeedbackRequest): Promise<{ feedbackNo: string; createdAt: string }> {
  const max = EVENTDAY_RULES.feedback.maxLength
  // counted in characters as the attendee sees them (an emoji is one), not UTF-16 units
  if (Array.from(req.content).length > max) throw new AppError('EFBK1002', 200, { max })
  const now = deps.now()
  return deps.db.transaction((tx) =>
    once(tx, { scope: saveFeedback.path, userId: session.user.id, key: req.idempotencyKey, request: req }, now, async () => {
      const row = await insertFeedback(tx, {
        eventId: session.event.id,
        userId: session.user.id,
        category: req.category,
        content: req.content,
        contact: req.contact ?? null,
        createdAt: now,
      })
      return { feedbackNo: `FB${String(row.id).padStart(6, '0')}`, createdAt: toShanghaiIso(now) }
    }),
  )
}
