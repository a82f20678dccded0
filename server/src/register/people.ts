/**
 * Adding people to an event's attendee list, by hand (attendee-list.ts saveAttendee) or imported
 * (attendee-import.ts): one piece of code for both. A person is one account across events
 * (`users`), known by mobile and e-mail: someone already known is added as they are; contacts of
 * two different people are refused, and so is someone already on the list. The look-ups and the
 * inserts go by batches, so a file of 10,000 rows costs a few dozen statements, not one per row.
 */
import crypto from 'node:crypto'
import { and, eq, inArray, or } from 'drizzle-orm'
import { isEmail, isMobile } from '@contracts/validation'
import type { Queryable, Tx } from '../kernel/db/client'
import { attendees, users } from '../kernel/db/core-tables'
import { ATTENDEE_LIST_RULES } from './rules/attendee-list-rules'
import { ATTENDEE_IO_RULES } from './rules/attendee-io-rules'

export const newUserCode = () => `U${crypto.randomBytes(9).toString('base64url')}`

export interface PersonInput {
  name: string
  mobile: string
  email: string
  company: string
}

/** a person's fields as saved: trimmed, e-mail lower-cased, empty as null */
export interface Person {
  name: string
  mobile: string | null
  email: string | null
  company: string | null
}

export type PersonProblem = 'nameEmpty' | 'nameTooLong' | 'companyTooLong' | 'mobile' | 'email' | 'noContact'
export interface PersonCheck {
  person: Person
  problems: Array<{ field: keyof PersonInput; problem: PersonProblem }>
}

/** the person as saved and every problem of their fields (each caller names them its own way) */
export function checkPerson(input: PersonInput): PersonCheck {
  const name = input.name.trim()
  const mobile = input.mobile.trim()
  const email = input.email.trim().toLowerCase()
  const company = input.company.trim()
  const problems: PersonCheck['problems'] = []
  if (!name) problems.push({ field: 'name', problem: 'nameEmpty' })
  else if (name.length > ATTENDEE_LIST_RULES.nameMaxLength) problems.push({ field: 'name', problem: 'nameTooLong' })
  if (!mobile && !email) problems.push({ field: 'mobile', problem: 'noContact' })
  if (mobile && !isMobile(mobile)) problems.push({ field: 'mobile', problem: 'mobile' })
  if (email && !isEmail(email)) problems.push({ field: 'email', problem: 'email' })
  if (company.length > ATTENDEE_LIST_RULES.companyMaxLength) problems.push({ field: 'company', problem: 'companyTooLong' })
  return { person: { name, mobile: mobile || null, email: email || null, company: company || null }, problems }
}

type UserRow = typeof users.$inferSelect
/** who a person is: their account (null: a new person), or why they cannot be added */
export type Match = { user: UserRow | null; refused: null } | { user: null; refused: 'onList' | 'twoPeople' }

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** who each person is, in order: a few look-ups for the whole list */
export async function matchPeople(q: Queryable, eventId: number, people: Person[]): Promise<Match[]> {
  const byMobile = new Map<string, UserRow>()
  const byEmail = new Map<string, UserRow>()
  // half a batch each: a look-up asks by mobiles and e-mails at once
  for (const part of chunks(people, ATTENDEE_IO_RULES.lookupBatch / 2)) {
    const mobiles = part.flatMap((p) => (p.mobile ? [p.mobile] : []))
    const emails = part.flatMap((p) => (p.email ? [p.email] : []))
    const conds = [mobiles.length ? inArray(users.mobile, mobiles) : undefined, emails.length ? inArray(users.email, emails) : undefined].filter((c) => !!c)
    if (conds.length === 0) continue
    for (const u of await q
      .select()
      .from(users)
      .where(or(...conds))) {
      if (u.mobile) byMobile.set(u.mobile, u)
      if (u.email) byEmail.set(u.email, u)
    }
  }
  const known = people.map((p) => [p.mobile ? byMobile.get(p.mobile) : undefined, p.email ? byEmail.get(p.email) : undefined] as const)
  const ids = [...new Set(known.flatMap(([a, b]) => [a?.id, b?.id]).filter((id): id is number => id !== undefined))]
  const listed = new Set<number>()
  for (const part of chunks(ids, ATTENDEE_IO_RULES.lookupBatch)) {
    const rows = await q
      .select({ userId: attendees.userId })
      .from(attendees)
      .where(and(eq(attendees.eventId, eventId), inArray(attendees.userId, part)))
    for (const r of rows) listed.add(r.userId)
  }
  return known.map(([a, b]): Match => {
    if (a && b && a.id !== b.id) return { user: null, refused: 'twoPeople' }
    const user = a ?? b ?? null
    if (user && listed.has(user.id)) return { user: null, refused: 'onList' }
    return { user, refused: null }
  })
}

export interface NewAttendee extends Person {
  userType: string
  status: string
}

/** why adding failed: someone was refused, or taken by another change at this moment */
export class PeopleRefused extends Error {
  constructor(readonly refused: 'onList' | 'twoPeople') {
    super(refused)
  }
}

/**
 * Adds the people to the event inside the caller's transaction, each as the account they already
 * have or a new one, and answers their accounts in order. `matched`: who they are, as the caller
 * found it in this same transaction (else it is found here). Any one refused (also by a change
 * committed meanwhile) throws PeopleRefused, and the caller's transaction writes nothing.
 */
export async function addPeople(tx: Tx, eventId: number, people: NewAttendee[], now: Date, matched?: Match[]): Promise<UserRow[]> {
  const matches = matched ?? (await matchPeople(tx, eventId, people))
  const refusal = matches.find((m) => m.refused)
  if (refusal?.refused) throw new PeopleRefused(refusal.refused)
  const accounts: Array<UserRow | null> = matches.map((m) => m.user)
  const missing = () => accounts.flatMap((a, i) => (a ? [] : [i]))
  const fresh = missing()
  for (const part of chunks(fresh, ATTENDEE_IO_RULES.insertBatch)) {
    const values = part.map((i) => ({
      userCode: newUserCode(),
      name: people[i].name,
      mobile: people[i].mobile,
      email: people[i].email,
      company: people[i].company,
      createdAt: now,
      updatedAt: now,
    }))
    const made = await tx.insert(users).values(values).onConflictDoNothing().returning()
    const byCode = new Map(made.map((u) => [u.userCode, u]))
    part.forEach((i, k) => (accounts[i] = byCode.get(values[k].userCode) ?? null))
  }
  // a mobile or e-mail taken at this moment by a registration or another change: that person it is
  const late = missing()
  if (late.length > 0) {
    const again = await matchPeople(
      tx,
      eventId,
      late.map((i) => people[i]),
    )
    again.forEach((m, k) => {
      if (!m.user) throw new PeopleRefused(m.refused ?? 'twoPeople')
      accounts[late[k]] = m.user
    })
  }
  for (const part of chunks(
    people.map((p, i) => ({ eventId, userId: accounts[i]!.id, userType: p.userType, status: p.status, createdAt: now })),
    ATTENDEE_IO_RULES.insertBatch,
  )) {
    const added = await tx.insert(attendees).values(part).onConflictDoNothing().returning({ id: attendees.id })
    if (added.length < part.length) throw new PeopleRefused('onList')
  }
  return accounts as UserRow[]
}
