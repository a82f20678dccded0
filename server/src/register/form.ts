/**
 * The event's registration form (contracts/calls/register.ts) and the checks on values sent
 * against it: the form's overview, an attendee type's fields, follower types and lists. The values
 * are checked by the same formProblems() the client runs (contracts/register-form.ts): the server
 * refuses exactly what the form would refuse, with the msgId of the first problem (PROBLEM_MSG_IDS).
 * Submitting and editing a registration (registration.ts) and followers (followers.ts) check here.
 */
import type { FieldRules, FormOverview } from '@contracts/calls/register'
import type { MsgId } from '@contracts/messages'
import {
  PROBLEM_MSG_IDS,
  UPLOAD_FIELDS,
  cleanValues,
  formProblems,
  type AttendeeTypeConfig,
  type FieldConfig,
  type FollowerTypeConfig,
  type FormConfig,
  type FormValues,
  type ListItem,
  type ProblemContext,
  type RegionValue,
} from '@contracts/register-form'
import type { Queryable } from '../kernel/db/client'
import type { Deps } from '../deps'
import { cityTree } from '../reference/rules/cities'
import { AppError } from '../kernel/errors'
import type { EventRow } from '../events/repositories/events'
import * as repo from './repositories/register'
import { requireEventByCode } from '../events/events'

export type Db = Pick<Deps, 'db'>

// ---------------------------------------------------------------------------------------------
// The form

/** the event's registration form, null when it has none (other domains name attendee types from it) */
export const formOfEvent = (q: Queryable, eventId: number): Promise<FormConfig | null> => repo.findForm(q, eventId)

export async function requireForm(q: Queryable, event: EventRow): Promise<FormConfig> {
  const form = await repo.findForm(q, event.id)
  if (!form || !form.open || !event.enabled) throw new AppError('EREG1042')
  return form
}

export async function formOverview({ db }: Db, eventCode: string): Promise<FormOverview> {
  const event = await requireEventByCode(db, eventCode)
  const form = await repo.findForm(db, event.id)
  if (!form) {
    return {
      eventCode: event.eventCode,
      open: false,
      maxActivities: null,
      editUntil: 'never',
      afterRegister: 'login',
      protocolZh: '',
      protocolEn: '',
      types: [],
    }
  }
  return {
    eventCode: event.eventCode,
    open: form.open && event.enabled,
    maxActivities: form.maxActivities,
    editUntil: form.editUntil,
    afterRegister: form.afterRegister,
    protocolZh: form.protocolZh,
    protocolEn: form.protocolEn,
    // a type by invitation is never offered: its attendees are added by the organisers
    types: form.attendeeTypes.filter((t) => !t.byInvitation).map(({ fields: _fields, ...t }) => t),
  }
}

export function attendeeType(form: FormConfig, code: string): AttendeeTypeConfig {
  const t = form.attendeeTypes.find((x) => x.code === code)
  if (!t) throw new AppError('EREG2006')
  return t
}
export function followerType(form: FormConfig, code: string): FollowerTypeConfig {
  const t = form.followerTypes.find((x) => x.code === code)
  if (!t) throw new AppError('EREG2007')
  return t
}

export async function fieldRules({ db }: Db, eventCode: string, contactType: string): Promise<FieldRules> {
  const event = await requireEventByCode(db, eventCode)
  const form = await requireForm(db, event)
  return { contactType, fields: attendeeType(form, contactType).fields }
}

export async function followerTypes({ db }: Db, eventCode: string): Promise<FollowerTypeConfig[]> {
  const event = await requireEventByCode(db, eventCode)
  return (await requireForm(db, event)).followerTypes
}

export async function formItems({ db }: Db, eventCode: string, listCode: string): Promise<ListItem[]> {
  const event = await requireEventByCode(db, eventCode)
  const form = await requireForm(db, event)
  return Object.prototype.hasOwnProperty.call(form.lists, listCode) ? form.lists[listCode] : []
}

// ---------------------------------------------------------------------------------------------
// Checking values

/** a region of the city tree: province, a city of it, a county of that city */
export function regionExists(r: RegionValue): boolean {
  const city = cityTree(r.province).find((c) => c.code === r.city)
  return !!city && cityTree(r.city).some((c) => c.code === r.county)
}

export const contextOf = (form: FormConfig, now: Date): ProblemContext => ({ lists: form.lists, regionExists, today: now })

/** the values as stored, or the first problem's msgId (`whose`: the form's generic message for followers) */
export function checkedValues(fields: FieldConfig[], values: FormValues, ctx: ProblemContext, whose: 'attendee' | 'follower'): FormValues {
  const problems = formProblems(fields, values, ctx)
  const first = fields.map((f) => problems[f.key]).find((p) => p)
  if (first) {
    // a follower's blank required field gets spec §5's follower message; other problems their own
    const msgId: MsgId = whose === 'follower' && /required|Required/.test(first) ? 'EREG2119' : PROBLEM_MSG_IDS[first]
    throw new AppError(msgId)
  }
  return cleanValues(fields, values)
}

export const fileCodesOf = (v: FormValues): string[] => UPLOAD_FIELDS.map((k) => v[k]).filter((x): x is string => !!x)

/**
 * the upload fields name files of the right field that the owner holds (a draft's or a user's);
 * `lock` (in the transaction that saves the values): the files stay until it commits
 */
export async function checkFiles(q: Queryable, eventId: number, v: FormValues, owner: { userId: number } | { draftId: string }, lock = false): Promise<void> {
  const codes = fileCodesOf(v)
  const rows = await repo.filesByCodes(q, eventId, codes, lock)
  for (const field of UPLOAD_FIELDS) {
    const code = v[field]
    if (!code) continue
    const f = rows.find((r) => r.fileCode === code)
    const mine = f && ('userId' in owner ? f.userId === owner.userId : f.draftId === owner.draftId && f.userId === null)
    if (!f || !mine || f.field !== field) throw new AppError('EREG2009')
  }
}
