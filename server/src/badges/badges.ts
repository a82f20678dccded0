/**
 * Print-ready badges ('badge.print'): the attendee list as filtered (the list's own filter and
 * query), of it the approved attendees who are not disabled (register/badge-people.ts), one badge
 * a page. Each badge's QR is the attendee's attendance code, issued to those without one as the
 * attendee app issues it (eventday/checkin.ts), so the desk scans the code the app shows.
 */
import type { BadgeCount, BadgeFile, BadgeFilter, BadgeRequest } from '@contracts/admin/badges'
import { BADGE_RULES } from '@contracts/admin/badge-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import type { EventRow } from '../events/events'
import { badgeAttendeeIds, badgePeople, type BadgePerson } from '../register/badge-people'
import { attendanceCodesOf } from '../eventday/checkin'
import { badgeFont } from './badge-font'
import { renderBadges, type BadgeContent } from './badge-pdf'
import { badgeCountRefusal } from './rules/badge-count'

/** refused over the cap, in words with both numbers; an empty set is told, not printed blank */
function checkCount(count: number) {
  const refusal = badgeCountRefusal(count)
  if (refusal) throw new AppError(refusal.msgId, 200, 'params' in refusal ? refusal.params : undefined)
}

export async function countBadges(deps: Pick<Deps, 'db'>, session: StaffSession, req: BadgeFilter): Promise<BadgeCount> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['badge.print'])
  return { count: (await badgeAttendeeIds(deps.db, event.id, req)).length, max: BADGE_RULES.maxPerPdf }
}

const distinct = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))]

function contentOf(event: EventRow, p: BadgePerson, code: string): BadgeContent {
  return { eventTitles: distinct([event.titleZh, event.titleEn]), name: p.name, company: p.company, types: distinct([p.typeZh, p.typeEn]), code }
}

/**
 * The attendees' codes are issued (insert-if-absent, harmless if the file never comes) and read in
 * one transaction; the PDF is drawn outside it (2,000 badges take seconds, which no transaction
 * should be held for); the audit row is written once the file exists, so a drawing that fails
 * leaves no "printed" behind.
 */
export async function printBadges(deps: Pick<Deps, 'db' | 'now' | 'config'>, session: StaffSession, req: BadgeRequest): Promise<BadgeFile> {
  const now = deps.now()
  const { event, content, font } = await deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['badge.print'])
    const ids = await badgeAttendeeIds(tx, event.id, req)
    checkCount(ids.length)
    // a server without the font is told before any code is issued
    const font = badgeFont(deps.config.badgeFontDir)
    const people = await badgePeople(tx, event.id, ids)
    const codes = await attendanceCodesOf(
      tx,
      event.id,
      people.map((p) => p.userId),
      now,
    )
    return { event, font, content: people.map((p) => contentOf(event, p, codes.get(p.userId)!)) }
  })
  const bytes = await renderBadges(font, req.size, content, `${event.titleZh} ${req.size}`)
  const { keyword, userType, status, checkin, disabled } = req
  const after = { count: content.length, size: req.size, filter: { keyword, userType, status, checkin, disabled: disabled ?? 'all' } }
  await deps.db.transaction((tx) =>
    recordChange(tx, { staffId: session.staff.id, eventId: event.id, action: 'badge.print', target: event.eventCode, before: null, after, at: now }),
  )
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '')
  return {
    fileName: `badges-${event.eventCode}-${req.size}-${stamp}.pdf`,
    contentType: 'application/pdf',
    content: bytes.toString('base64'),
    count: content.length,
  }
}
