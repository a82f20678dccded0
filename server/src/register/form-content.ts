/**
 * The registration form and agenda as the console edits them: the same JSON as `npm run
 * register:load` reads (register/rules/form-file.ts), read back from what is published, checked,
 * previewed and written by the loader's own writer (register/load.ts writeRegistrationForm).
 */
import type { AgendaPreviewItem, ContentPreview } from '@contracts/admin/content'
import type { Queryable } from '../kernel/db/client'
import type { EventRow } from '../events/repositories/events'
import { toZoneIso } from '../kernel/time/time'
import { listSubEvents } from '../schedule/repositories/schedule'
import { findForm } from './repositories/register'
import { checkFormFile, type FormFileData } from './rules/form-file'
import { writeRegistrationForm } from './load'
import { digestOf } from '../content/draft'
import type { ContentHandler } from '../content/handler'

/** the published form and agenda as a file, or null when the event has no form */
async function read(q: Queryable, event: EventRow): Promise<Record<string, unknown> | null> {
  const form = await findForm(q, event.id)
  if (!form) return null
  const agenda = (await listSubEvents(q, event.id)).map((s) => ({
    code: s.code,
    startTime: toZoneIso(s.startTime, event.timeZone),
    endTime: toZoneIso(s.endTime, event.timeZone),
    titleZh: s.titleZh,
    titleEn: s.titleEn,
    trackZh: s.trackZh,
    trackEn: s.trackEn,
    venueZh: s.venueZh,
    venueEn: s.venueEn,
    speakerZh: s.speakerZh,
    speakerEn: s.speakerEn,
    summaryZh: s.summaryZh,
    summaryEn: s.summaryEn,
    signupOpen: s.signupOpen,
    capacity: s.capacity,
  }))
  const { open, maxActivities, editUntil, afterRegister, protocolZh, protocolEn, attendeeTypes, followerTypes, lists } = form
  return { open, maxActivities, editUntil, afterRegister, protocolZh, protocolEn, attendeeTypes, followerTypes, lists, agenda }
}

function preview(d: FormFileData, event: EventRow): ContentPreview {
  const agenda: AgendaPreviewItem[] = d.agenda.map((a) => ({
    code: a.code,
    startTime: a.startTime,
    endTime: a.endTime,
    titleZh: a.titleZh,
    titleEn: a.titleEn,
    venueZh: a.venueZh,
    venueEn: a.venueEn,
    signupOpen: a.signupOpen,
    capacity: a.capacity,
  }))
  return { kind: 'form', form: d.form, agenda, timeZone: event.timeZone }
}

/**
 * What the audit row keeps of a form: each attendee type's fields in order (required ones
 * starred), the agenda's codes and a digest of the whole, so a change is readable in the log
 * without two copies of a file of many kilobytes.
 */
function summary(d: FormFileData): Record<string, unknown> {
  const types = (ts: Array<{ code: string; fields: Array<{ key: string; required: boolean }> }>) =>
    ts.map((t) => `${t.code}: ${t.fields.map((f) => f.key + (f.required ? '*' : '')).join(', ')}`).join('; ')
  return {
    attendeeTypes: types(d.form.attendeeTypes),
    followerTypes: types(d.form.followerTypes),
    open: d.form.open,
    agenda: d.agenda.map((a) => a.code).join(', '),
    digest: digestOf(d),
  }
}

export const FORM_CONTENT: ContentHandler<FormFileData> = {
  action: 'content.form.publish',
  read,
  check: (input, lang) => checkFormFile(input, lang),
  preview,
  write: (tx, event, data, now) => writeRegistrationForm(tx, event.id, data, now),
  summary,
}
