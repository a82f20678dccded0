/**
 * Attendee import in the console ('attendee.edit'): the preview reads the file and checks every
 * row, writing nothing; the import reads and checks it again (the preview is not trusted: the list
 * may have changed since) and, when no row has a problem, adds every row in one transaction, or
 * none. Adding goes through people.ts, as an attendee added by hand does.
 *
 * The audit log gets one row per import (`attendee.import`: the file's name and how many were
 * added), not one per attendee: an import of 10,000 rows is one act of one organiser, and the
 * attendee list tells who is on it.
 */
import { sql } from 'drizzle-orm'
import { STATUS_NAMES, type ImportColumn, type ImportFileRequest, type ImportProblem, type ImportReport, type ImportRow } from '@contracts/admin/attendee-io'
import type { ReviewStatus } from '@contracts/admin/review'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import { messageText, type Lang, type MsgId, type MsgParams } from '@contracts/messages'
import type { FormConfig } from '@contracts/register-form'
import type { Deps } from '../deps'
import type { Queryable } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { findForm } from './repositories/register'
import { ATTENDEE_LIST_RULES } from './rules/attendee-list-rules'
import { addPeople, checkPerson, matchPeople, PeopleRefused, type Match, type NewAttendee, type PersonProblem } from './people'
import { readImportFile } from './import-file'

/** one lock for every import: two at once could each wait for the other's new accounts */
const IMPORT_LOCK_KEY = 7_100_401

const PERSON_MSG: Record<PersonProblem, MsgId> = {
  nameEmpty: 'EADM4010',
  nameTooLong: 'EADM4011',
  companyTooLong: 'EADM4011',
  mobile: 'EADM4012',
  email: 'EADM4013',
  noContact: 'EADM4014',
}
const MAX_OF: Partial<Record<PersonProblem, number>> = { nameTooLong: ATTENDEE_LIST_RULES.nameMaxLength, companyTooLong: ATTENDEE_LIST_RULES.companyMaxLength }

const STATUSES = Object.keys(STATUS_NAMES) as ReviewStatus[]
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** the status a cell names by code or by either name; '' is approved */
function statusOf(cell: string): ReviewStatus | null {
  if (cell === '') return 'approved'
  return STATUSES.find((s) => same(s, cell) || same(STATUS_NAMES[s].zh, cell) || same(STATUS_NAMES[s].en, cell)) ?? null
}

/** the type a cell names by code or by either name of the event's form; any plain code when the event has no form */
function typeOf(cell: string, form: FormConfig | null): string | null {
  if (!form) return /^[A-Za-z0-9_-]{1,32}$/.test(cell) ? cell : null
  return form.attendeeTypes.find((t) => t.code === cell || (t.labelZh && same(t.labelZh, cell)) || (t.labelEn && same(t.labelEn, cell)))?.code ?? null
}

interface Checked {
  problems: ImportProblem[]
  people: NewAttendee[]
  matches: Match[]
}

/** every problem of every row: the cells, repeats within the file, then who the people are */
async function checkRows(q: Queryable, eventId: number, form: FormConfig | null, rows: ImportRow[], lang: Lang): Promise<Checked> {
  const problems: ImportProblem[] = []
  const report = (row: number, column: ImportColumn | '', msgId: MsgId, params?: MsgParams) =>
    problems.push({ row, column, msgId, message: messageText(msgId, lang, params) })
  const firstRowOf = new Map<string, number>()
  const people = rows.map(({ row, cells }) => {
    const { person, problems: own } = checkPerson(cells)
    for (const p of own) report(row, p.field, PERSON_MSG[p.problem], { max: MAX_OF[p.problem] ?? 0 })
    const userType = typeOf(cells.userType, form)
    if (!userType) report(row, 'userType', 'EADM4015')
    const status = statusOf(cells.status)
    if (!status) report(row, 'status', 'EADM4016')
    for (const [column, value] of [
      ['mobile', person.mobile],
      ['email', person.email],
    ] as const) {
      if (!value) continue
      const first = firstRowOf.get(`${column}:${value}`)
      if (first) report(row, column, 'EADM4017', { row: first })
      else firstRowOf.set(`${column}:${value}`, row)
    }
    return { ...person, userType: userType ?? '', status: status ?? 'approved' }
  })
  const matches = await matchPeople(q, eventId, people)
  const rowOfUser = new Map<number, number>()
  matches.forEach((m, i) => {
    const row = rows[i].row
    if (m.refused === 'onList') report(row, people[i].mobile ? 'mobile' : 'email', 'EADM4018')
    if (m.refused === 'twoPeople') report(row, 'email', 'EADM4019')
    if (!m.user) return
    // one known person named by the mobile of one row and the e-mail of another
    const first = rowOfUser.get(m.user.id)
    if (first) report(row, '', 'EADM4017', { row: first })
    else rowOfUser.set(m.user.id, row)
  })
  problems.sort((a, b) => a.row - b.row)
  return { problems, people, matches }
}

const bytesOf = (req: ImportFileRequest) => Buffer.from(req.content, 'base64')

export async function previewImport(deps: Pick<Deps, 'db'>, session: StaffSession, req: ImportFileRequest, lang: Lang): Promise<ImportReport> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['attendee.edit'])
  const rows = await readImportFile(bytesOf(req), lang)
  const { problems } = await checkRows(deps.db, event.id, await findForm(deps.db, event.id), rows, lang)
  return { rows, problems, imported: 0 }
}

export async function importAttendees(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: ImportFileRequest, lang: Lang): Promise<ImportReport> {
  // the role first: the file is read only for those who may import it
  await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['attendee.edit'])
  const rows = await readImportFile(bytesOf(req), lang)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['attendee.edit'])
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`)
    const { problems, people, matches } = await checkRows(tx, event.id, await findForm(tx, event.id), rows, lang)
    if (problems.length > 0) return { rows, problems, imported: 0 }
    try {
      await addPeople(tx, event.id, people, now, matches)
    } catch (err) {
      // a registration or a hand-made change took one of these people at this moment
      if (err instanceof PeopleRefused) throw new AppError('EADM4008')
      throw err
    }
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: 'attendee.import',
      target: req.fileName,
      before: null,
      after: { fileName: req.fileName, count: people.length },
      at: now,
    })
    return { rows, problems: [], imported: people.length }
  })
}
