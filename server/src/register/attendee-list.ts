/**
 * The console's attendee list of an event (contracts/admin/attendees.ts): every role looks people
 * up ('attendee.read'); owners and organisers add and edit them ('attendee.edit'), each change in
 * the audit log.
 *
 * A person is one account across events (`users`), known by mobile and e-mail. Adding someone
 * already known by either adds that person to the event, their account as it is; a mobile and an
 * e-mail of two different people are refused, as is someone already on the list. Editing changes
 * the person's name and contacts (for every event they attend: it is their login) and, at this
 * event, their type and registration status.
 */
import type { AttendeeListItem, AttendeeListPage, AttendeeListRequest, SaveAttendeeRequest } from '@contracts/admin/attendees'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { FormConfig } from '@contracts/register-form'
import type { Deps } from '../deps'
import type { Queryable, Tx } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { findForm } from './repositories/register'
import { addPeople, checkPerson, PeopleRefused } from './people'
import { asReviewStatus, attendeeTypeNames } from './rules/listed-attendee'
import {
  allMatchingIds,
  attendeeListRow,
  attendeeListRows,
  lockAttendeeOfEvent,
  updateAttendee,
  updatePerson,
  usersByContacts,
} from './repositories/attendee-list'

type ListRow = NonNullable<Awaited<ReturnType<typeof attendeeListRow>>>

export function toListItem(r: ListRow, form: FormConfig | null): AttendeeListItem {
  return {
    userCode: r.userCode,
    name: r.name,
    mobile: r.mobile ?? '',
    email: r.email ?? '',
    company: r.company ?? '',
    userType: r.userType,
    ...attendeeTypeNames(form, r.userType),
    status: asReviewStatus(r.status),
    addedAt: r.addedAt.toISOString(),
    checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
    disabled: r.disabled,
  }
}

/** the list's filters as the repository takes them: the page and the export filter alike */
export const filterOf = (eventId: number, req: Pick<AttendeeListRequest, 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'>) => ({
  eventId,
  keyword: req.keyword.trim(),
  userType: req.userType,
  status: req.status,
  checkin: req.checkin,
  disabled: req.disabled ?? ('all' as const),
})

/** the ids of every attendee of the event the list's filter finds, newest first (the export, a notice) */
export const matchingAttendeeIds = (q: Queryable, eventId: number, req: Parameters<typeof filterOf>[1]): Promise<number[]> =>
  allMatchingIds(q, filterOf(eventId, req))

export async function attendeeList(deps: Pick<Deps, 'db'>, session: StaffSession, req: AttendeeListRequest): Promise<AttendeeListPage> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['attendee.read'])
  const filter = filterOf(event.id, req)
  const { total, rows } = await attendeeListRows(deps.db, filter, (req.page - 1) * req.pageSize, req.pageSize)
  const form = await findForm(deps.db, event.id)
  return { total, list: rows.map((r) => toListItem(r, form)) }
}

/** the person's fields as saved: trimmed, e-mail lower-cased, empty as null */
function personOf(req: SaveAttendeeRequest) {
  const { person, problems } = checkPerson(req)
  if (problems.some((p) => p.problem === 'nameEmpty')) throw new AppError('EADM3001')
  if (problems.some((p) => p.field === 'mobile' || p.field === 'email')) throw new AppError('EADM3002')
  // the lengths are the route schema's to refuse (EADM1013)
  if (problems.length > 0) throw new AppError('EADM1013')
  return person
}

export async function saveAttendee(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: SaveAttendeeRequest): Promise<AttendeeListItem> {
  const person = personOf(req)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['attendee.edit'])
    const form = await findForm(tx, event.id)
    if (form && !form.attendeeTypes.some((t) => t.code === req.userType)) throw new AppError('EADM3005')
    const userCode = req.userCode
      ? await edit(tx, { eventId: event.id, staffId: session.staff.id, req, person, now })
      : await add(tx, { eventId: event.id, staffId: session.staff.id, req, person, now })
    return toListItem((await attendeeListRow(tx, event.id, userCode))!, form)
  })
}

interface Save {
  eventId: number
  staffId: number
  req: SaveAttendeeRequest
  person: ReturnType<typeof personOf>
  now: Date
}

async function add(tx: Tx, { eventId, staffId, req, person, now }: Save): Promise<string> {
  const [user] = await addPeople(tx, eventId, [{ ...person, userType: req.userType, status: req.status }], now).catch((err: unknown) => {
    if (err instanceof PeopleRefused) throw new AppError(err.refused === 'onList' ? 'EADM3003' : 'EADM3004')
    throw err
  })
  await recordChange(tx, {
    staffId,
    eventId,
    action: 'attendee.add',
    target: user.userCode,
    before: null,
    after: { name: user.name, mobile: user.mobile, email: user.email, userType: req.userType, status: req.status },
    at: now,
  })
  return user.userCode
}

async function edit(tx: Tx, { eventId, staffId, req, person, now }: Save): Promise<string> {
  const row = await lockAttendeeOfEvent(tx, eventId, req.userCode)
  if (!row) throw new AppError('ESYS0004')
  const others = (await usersByContacts(tx, person.mobile ?? '', person.email ?? '')).filter((u) => u.id !== row.user.id)
  if (others.length > 0) throw new AppError('EADM3004')
  await updatePerson(tx, row.user.id, person, now)
  await updateAttendee(tx, row.attendee.id, { userType: req.userType, status: req.status })
  const before = {
    name: row.user.name,
    mobile: row.user.mobile,
    email: row.user.email,
    company: row.user.company,
    userType: row.attendee.userType,
    status: row.attendee.status,
  }
  await recordChange(tx, {
    staffId,
    eventId,
    action: 'attendee.edit',
    target: row.user.userCode,
    before,
    after: { ...person, userType: req.userType, status: req.status },
    at: now,
  })
  return row.user.userCode
}
