/**
 * The seeded people's registrations at DEMO, as if they had filled in the demo form: the demo
 * attendee's own ("my registration" shows their values and /form edits them), and one of the press
 * type waiting in the organisers' review queue. Written once; a later seed keeps what has been
 * edited or decided since.
 */
import { and, eq } from 'drizzle-orm'
import type { FormValues } from '@contracts/register-form'
import type { AppDb } from '../kernel/db/client'
import { attendees, signupContacts } from '../kernel/db/schema'

export interface DemoRegistrant {
  eventId: number
  userId: number
  name: string
  mobile: string
  email: string
  company: string
  idNumber: string
}

/** the demo form's attendee type; the values every required field of it holds but the photo (an upload the attendee adds when editing) */
export const DEMO_REGISTRATION_TYPE = 'attendee'
export const DEMO_CONTACT_CODE = 'CDEMO0001'

export function demoRegistrationValues(p: DemoRegistrant): FormValues {
  return {
    name: p.name,
    sex: 'mr',
    mobile: p.mobile,
    email: p.email,
    company: p.company,
    department: '市场部',
    position: '经理',
    region: { nation: 'CN', province: '11', city: '1101', county: '110101' },
    address: '东长安街1号',
    postcode: '100010',
    idType: 'idCard',
    idNumber: p.idNumber,
    isAttend: 'attend',
  }
}

/** the press registrant under review: the demo form's media type, which waits for an organiser */
export const REVIEW_REGISTRATION_TYPE = 'media'
export const REVIEW_CONTACT_CODE = 'CDEMO0002'

export function reviewRegistrationValues(p: { name: string; mobile: string; email: string }): FormValues {
  return {
    surname: p.name.slice(0, 1),
    givenName: p.name.slice(1),
    sex: 'ms',
    mobile: p.mobile,
    email: p.email,
    company: '示例日报',
    position: '记者',
    idType: 'idCard',
    idNumber: '110101199205150026',
    isAttend: 'attend',
  }
}

export async function seedDemoRegistration(db: AppDb, now: Date, p: DemoRegistrant): Promise<void> {
  await seedRegistration(db, now, p, { contactCode: DEMO_CONTACT_CODE, contactType: DEMO_REGISTRATION_TYPE, values: demoRegistrationValues(p) })
}

export async function seedReviewRegistration(
  db: AppDb,
  now: Date,
  p: { eventId: number; userId: number; name: string; mobile: string; email: string },
): Promise<void> {
  await seedRegistration(db, now, p, { contactCode: REVIEW_CONTACT_CODE, contactType: REVIEW_REGISTRATION_TYPE, values: reviewRegistrationValues(p) })
}

async function seedRegistration(
  db: AppDb,
  now: Date,
  p: { eventId: number; userId: number },
  r: { contactCode: string; contactType: string; values: FormValues },
): Promise<void> {
  const [attendee] = await db
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.eventId, p.eventId), eq(attendees.userId, p.userId)))
  if (!attendee) return
  await db
    .insert(signupContacts)
    .values({
      eventId: p.eventId,
      userId: p.userId,
      attendeeId: attendee.id,
      contactCode: r.contactCode,
      contactType: r.contactType,
      values: r.values,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
}
