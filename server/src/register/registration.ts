/**
 * Registration (contracts/calls/register.ts): submitting a registration, its results, and the
 * attendee's own details. The event's form and the checks on the values sent are in form.ts;
 * followers in followers.ts.
 *
 * A submit is one transaction: person, attendee, registration, followers, files and activities
 * commit together or not at all, under the client's idempotency key (a retry answers the first
 * result; a double tap registers once).
 */
import crypto from 'node:crypto'
import type {
  AllowEditResponse,
  ContactView,
  EnrollmentRequest,
  EnrollmentResult,
  RegistrationResult,
  RegistrationStatus,
  Traveller,
  UpdateContactRequest,
} from '@contracts/calls/register'
import { saveEnrollment as saveEnrollmentCall, updateContact as updateContactCall } from '@contracts/calls/register'
import type { LoginResponse } from '@contracts/calls/auth'
import type { Lang } from '@contracts/messages'
import { UPLOAD_FIELDS, displayName, type AttendeeTypeConfig, type FollowerTypeConfig, type FormConfig, type FormValues } from '@contracts/register-form'
import type { Queryable, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { toShanghaiIso, toZoneIso } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import type { EventRow } from '../events/repositories/events'
import * as repo from './repositories/register'
import { signedUpIds, listSubEvents } from '../schedule/repositories/schedule'
import { findAttendee, type AttendeeRow, type UserRow } from '../auth/repositories/users'
import { requireEventByCode } from '../events/events'
import { applyActivityChoice } from '../schedule/schedule'
import { createSession, toUserInfo, type SessionInfo } from '../auth/sessions'
import { attendeeType, checkFiles, checkedValues, contextOf, fileCodesOf, followerType, requireForm, type Db } from './form'

// ---------------------------------------------------------------------------------------------
// Submitting

const newCode = (prefix: string) => `${prefix}${crypto.randomBytes(9).toString('base64url')}`

function statusOf(row: { status: string }): RegistrationStatus {
  return row.status === 'auditing' || row.status === 'rejected' ? row.status : 'approved'
}

/** what the submit stores for retries: never a token (the idempotency table is not for secrets) */
interface Enrolled {
  contactCode: string
  status: RegistrationStatus
  next: EnrollmentResult['next']
  /** the new person, logged in straight away when the event sends them home */
  autoLoginUserId: number | null
}

export async function saveEnrollment(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'searchCaches'>,
  session: SessionInfo | null,
  body: EnrollmentRequest,
  lang: Lang,
): Promise<EnrollmentResult> {
  const event = await requireEventByCode(deps.db, body.eventCode)
  const form = await requireForm(deps.db, event)
  const type = attendeeType(form, body.contactType)
  if (type.byInvitation) throw new AppError('EREG2014')
  const now = deps.now()
  const ctx = contextOf(form, now)
  if (!body.protocolAccepted) throw new AppError('EREG2120')
  const values = checkedValues(type.fields, body.values, ctx, 'attendee')
  if (body.activityCodes.length > 0 && !type.fields.some((f) => f.key === 'activities')) throw new AppError('EREG2001')
  const followers = body.followers.map((f) => {
    const ft = followerType(form, f.followerType)
    return { type: ft, values: checkedValues(ft.fields, f.values, ctx, 'follower') }
  })
  for (const ft of form.followerTypes) {
    if (followers.filter((f) => f.type.code === ft.code).length > ft.max) throw new AppError('EREG2008', 200, { max: ft.max })
  }
  for (const f of followers) if (fileCodesOf(f.values).length > 0) throw new AppError('EREG2009')

  const result = await deps.db.transaction(async (tx) => {
    // keys of people without a login are the device's; a logged-in caller's are theirs
    const scope = `${saveEnrollmentCall.path}|${event.eventCode}`
    const enrolled = await once<Enrolled>(tx, { scope, userId: session?.user.id ?? 0, key: body.idempotencyKey, request: body }, now, () =>
      enrol(tx, { event, form, type, values, followers, body, now, lang }),
    )
    let login: LoginResponse | null = null
    if (enrolled.autoLoginUserId !== null) login = await loginAfterRegistration(deps, tx, event, enrolled.autoLoginUserId, now)
    return { contactCode: enrolled.contactCode, status: enrolled.status, next: enrolled.next, session: login }
  })
  return result
}

async function enrol(
  tx: Tx,
  a: {
    event: EventRow
    form: FormConfig
    type: AttendeeTypeConfig
    values: FormValues
    followers: Array<{ type: FollowerTypeConfig; values: FormValues }>
    body: EnrollmentRequest
    now: Date
    lang: Lang
  },
): Promise<Enrolled> {
  const { event, values, now } = a
  const name = displayName(values)
  const idNumber = values.idType === 'idCard' ? values.idNumber : undefined
  // a person already known by this mobile or e-mail registers as themselves; their account is
  // not changed (they prove who they are when they log in)
  let person: UserRow | undefined = await repo.findUserForRegistration(tx, { mobile: values.mobile, email: values.email })
  let created = false
  if (!person) {
    person = await repo.insertUser(tx, {
      userCode: newCode('U'),
      name,
      mobile: values.mobile || null,
      email: values.email || null,
      idNumber: idNumber ?? null,
      company: values.company || null,
      createdAt: now,
      updatedAt: now,
    })
    // another registration took this mobile or e-mail at the same moment: that person it is
    if (!person) person = await repo.findUserForRegistration(tx, { mobile: values.mobile, email: values.email })
    else created = true
  }
  if (!person) throw new AppError('EREG2004')
  const status: RegistrationStatus = a.type.audit ? 'auditing' : 'approved'
  const attendee = await repo.insertAttendee(tx, { eventId: event.id, userId: person.id, userType: a.type.code, status, createdAt: now })
  if (!attendee) throw new AppError('EREG2004')
  await checkFiles(tx, event.id, values, { draftId: a.body.draftId })
  const contact = await repo.insertContact(tx, {
    eventId: event.id,
    userId: person.id,
    attendeeId: attendee.id,
    contactCode: newCode('C'),
    contactType: a.type.code,
    values,
    createdAt: now,
    updatedAt: now,
  })
  const codes = fileCodesOf(values)
  if ((await repo.claimDraftFiles(tx, event.id, a.body.draftId, codes, person.id)) !== codes.length) throw new AppError('EREG2009')
  for (const f of a.followers) {
    await repo.insertFollower(tx, {
      eventId: event.id,
      userId: person.id,
      contactId: contact.id,
      followerType: f.type.code,
      values: f.values,
      createdAt: now,
      updatedAt: now,
    })
  }
  if (a.body.activityCodes.length > 0) await applyActivityChoice(tx, { event, attendee, wanted: a.body.activityCodes, now, lang: a.lang })
  const home = status === 'approved' && a.form.afterRegister === 'home'
  return {
    contactCode: contact.contactCode,
    status,
    next: status === 'auditing' ? 'wait' : home && created ? 'home' : 'login',
    autoLoginUserId: home && created ? person.id : null,
  }
}

async function loginAfterRegistration(deps: Pick<Deps, 'config' | 'searchCaches'>, tx: Tx, event: EventRow, userId: number, now: Date): Promise<LoginResponse> {
  const person = (await repo.findUserById(tx, userId))!
  const attendee = (await findAttendee(tx, event.id, userId)) ?? null
  const s = await createSession(tx, deps, { userId, eventId: event.id, now, ttlHours: deps.config.tokenTtlHours })
  return { token: s.token, tokenMd5: s.tokenMd5, expiresAt: s.expiresAt.toISOString(), user: toUserInfo(person, event, attendee) }
}

export async function results({ db }: Db, eventCode: string, codes: string[]): Promise<RegistrationResult[]> {
  const event = await requireEventByCode(db, eventCode)
  const rows = await repo.resultsByCodes(db, event.id, codes)
  return rows.map((r) => ({ contactCode: r.contactCode, contactType: r.contactType, status: statusOf(r) }))
}

// ---------------------------------------------------------------------------------------------
// The attendee's own registration

/** the caller's event and registration; the login must be for this event */
export async function own(q: Queryable, session: SessionInfo, eventCode: string): Promise<{ contact: repo.ContactRow; attendee: AttendeeRow }> {
  if (session.event.eventCode !== eventCode) throw new AppError('ESYS0004')
  const attendee = session.attendee
  const contact = attendee ? await repo.findContactOf(q, session.event.id, session.user.id) : undefined
  if (!attendee || !contact) throw new AppError('EREG1036')
  return { contact, attendee }
}

async function toContactView(q: Queryable, contact: repo.ContactRow, attendee: AttendeeRow): Promise<ContactView> {
  const files = await repo.filesByCodes(q, contact.eventId, fileCodesOf(contact.values))
  const mine = new Set(await signedUpIds(q, attendee.id))
  const activities = (await listSubEvents(q, contact.eventId)).filter((s) => mine.has(s.id)).map((s) => s.code)
  const fileInfo: ContactView['files'] = {}
  for (const field of UPLOAD_FIELDS) {
    const f = files.find((x) => x.fileCode === contact.values[field])
    if (f) fileInfo[field] = { fileCode: f.fileCode, name: f.name, mime: f.mime, size: f.size }
  }
  return {
    contactCode: contact.contactCode,
    contactType: contact.contactType,
    status: statusOf(attendee),
    values: contact.values,
    files: fileInfo,
    activityCodes: activities,
    registeredAt: toShanghaiIso(contact.createdAt),
  }
}

export async function getOwnContact({ db }: Db, session: SessionInfo, eventCode: string): Promise<ContactView> {
  const { contact, attendee } = await own(db, session, eventCode)
  return toContactView(db, contact, attendee)
}

export async function getContactByCode({ db }: Db, session: SessionInfo, eventCode: string, contactCode: string): Promise<ContactView> {
  const { contact, attendee } = await own(db, session, eventCode).catch(() => {
    throw new AppError('ESYS0004')
  })
  // someone else's code and a missing one answer alike
  if (contact.contactCode !== contactCode) throw new AppError('ESYS0004')
  return toContactView(db, contact, attendee)
}

/** editing is open while the event's rule says so (form editUntil) and the registration is not rejected */
export function editWindow(form: FormConfig | null, event: EventRow, attendee: AttendeeRow, now: Date): AllowEditResponse {
  if (!form || form.editUntil === 'never' || attendee.status === 'rejected') return { allowed: false, until: null }
  const until = form.editUntil === 'eventStart' ? event.startTime : event.endTime
  // the event's wall clock, with its offset: the phone labels it when its own zone differs
  return now.getTime() < until.getTime() ? { allowed: true, until: toZoneIso(until, event.timeZone) } : { allowed: false, until: null }
}

export async function allowEdit(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, eventCode: string): Promise<AllowEditResponse> {
  const { attendee } = await own(deps.db, session, eventCode)
  return editWindow(await repo.findForm(deps.db, session.event.id), session.event, attendee, deps.now())
}

export async function updateOwnContact(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, body: UpdateContactRequest, lang: Lang): Promise<ContactView> {
  const { contact, attendee } = await own(deps.db, session, body.eventCode)
  const now = deps.now()
  const form = await repo.findForm(deps.db, session.event.id)
  if (!editWindow(form, session.event, attendee, now).allowed || !form) throw new AppError('EREG2005')
  const type = attendeeType(form, contact.contactType)
  const values = checkedValues(type.fields, body.values, contextOf(form, now), 'attendee')
  if (body.activityCodes.length > 0 && !type.fields.some((f) => f.key === 'activities')) throw new AppError('EREG2001')
  // the login's mobile and e-mail stay as they are: they are how the person logs in
  values.mobile = contact.values.mobile
  values.email = contact.values.email
  await checkFiles(deps.db, session.event.id, values, { userId: session.user.id })
  return deps.db.transaction((tx) =>
    once(tx, { scope: updateContactCall.path, userId: session.user.id, key: body.idempotencyKey, request: body }, now, async () => {
      // again, locked: a file the cleanup deletes meanwhile (an old upload no registration named yet) is refused, not named
      await checkFiles(tx, session.event.id, values, { userId: session.user.id }, true)
      const row = await repo.updateContactValues(tx, contact.id, values, now)
      await repo.updateUserFromForm(
        tx,
        session.user.id,
        {
          name: displayName(values) || session.user.name,
          company: values.company || session.user.company,
          ...(values.idType === 'idCard' ? { idNumber: values.idNumber } : {}),
        },
        now,
      )
      await applyActivityChoice(tx, { event: session.event, attendee, wanted: body.activityCodes, now, lang })
      return toContactView(tx, row, attendee)
    }),
  )
}

export async function travellers({ db }: Db, session: SessionInfo, eventCode: string): Promise<Traveller[]> {
  const { contact } = await own(db, session, eventCode)
  const toTraveller = (ref: string, v: FormValues): Traveller => ({
    ref,
    name: displayName(v),
    idType: v.idType ?? '',
    idNumber: v.idNumber ?? '',
    mobile: v.mobile ?? '',
    sex: v.sex ?? '',
  })
  const followers = await repo.listFollowersOf(db, contact.id)
  return [toTraveller('self', contact.values), ...followers.map((f) => toTraveller(String(f.id), f.values))]
}
