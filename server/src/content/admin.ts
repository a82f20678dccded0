/**
 * The console's content calls (contracts/admin/content.ts): an event's registration form with its
 * agenda, and its microsite, read as their files' JSON, checked and published (owner, organiser:
 * 'content.edit'). A publish checks the draft again and writes it through the command line's own
 * writer in one transaction with its audit row; a draft with any problem writes nothing. The
 * attendee app reads the form and agenda uncached and the microsite's rule from the event row,
 * whose cache is cleared once a publish commits (events/event-cache.ts).
 */
import type { ContentCheck, ContentDraft, ContentKind, ContentPublish, ContentSource } from '@contracts/admin/content'
import { CONTENT_RULES } from '@contracts/admin/content-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import type { EventRow } from '../events/repositories/events'
import { lockEventRow } from '../events/events'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { FORM_CONTENT } from '../register/form-content'
import { MICROSITE_CONTENT } from '../microsite/site-content'
import type { ContentHandler } from './handler'
import { readDraft } from './draft'

const HANDLERS: Record<ContentKind, ContentHandler<unknown>> = {
  form: FORM_CONTENT as ContentHandler<unknown>,
  microsite: MICROSITE_CONTENT as ContentHandler<unknown>,
}

export async function contentSource(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string, kind: ContentKind): Promise<ContentSource> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['content.edit'])
  const value = await HANDLERS[kind].read(deps.db, event)
  return { kind, text: value === null ? '' : JSON.stringify(value, null, 2), timeZone: event.timeZone }
}

type Checked = { check: ContentCheck; data: unknown }

function checkDraft(handler: ContentHandler<unknown>, event: EventRow, text: string, lang: Lang): Checked {
  if (text.length > CONTENT_RULES.maxDraftChars) throw new AppError('EADM5001', 200, { max: CONTENT_RULES.maxDraftChars })
  const json = readDraft(text, lang)
  if (!json.ok) return { check: { problems: json.problems, preview: null }, data: null }
  const r = handler.check(json.value, lang)
  if (!r.ok) return { check: { problems: r.problems, preview: null }, data: null }
  return { check: { problems: [], preview: handler.preview(r.data, event) }, data: r.data }
}

export async function checkContentDraft(deps: Pick<Deps, 'db'>, session: StaffSession, draft: ContentDraft, lang: Lang): Promise<ContentCheck> {
  const { event } = await eventForStaff(deps.db, session, draft.eventCode, ROLE_PERMISSIONS['content.edit'])
  return checkDraft(HANDLERS[draft.kind], event, draft.text, lang).check
}

export async function publishContentDraft(
  deps: Pick<Deps, 'db' | 'now' | 'eventCache'>,
  session: StaffSession,
  draft: ContentDraft,
  lang: Lang,
): Promise<ContentPublish> {
  const handler = HANDLERS[draft.kind]
  const answer = await deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, draft.eventCode, ROLE_PERMISSIONS['content.edit'])
    const { check, data } = checkDraft(handler, event, draft.text, lang)
    if (check.problems.length) return { ...check, published: false }
    // one publish of an event at a time: the "before" of the audit row is what this one replaces
    await lockEventRow(tx, event.id)
    const now = deps.now()
    const beforeValue = await handler.read(tx, event)
    const before = beforeValue === null ? null : handler.check(beforeValue, 'en')
    await handler.write(tx, event, data, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: handler.action,
      target: event.eventCode,
      before: before?.ok ? handler.summary(before.data) : null,
      after: handler.summary(data),
      at: now,
    })
    return { ...check, published: true }
  })
  // the microsite's rule lives on the event row, which the attendee side reads through this cache
  if (answer.published) deps.eventCache.clear()
  return answer
}
