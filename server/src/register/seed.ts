/**
 * The demo attendee's own registration at DEMO, as if they had filled in the demo form: "my
 * registration" shows their values and /form edits them. Written once; a later seed keeps what
 * the attendee has edited since.
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

export async function seedDemoRegistration(db: AppDb, now: Date, p: DemoRegistrant): Promise<void> {
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
      contactCode: DEMO_CONTACT_CODE,
      contactType: DEMO_REGISTRATION_TYPE,
      values: demoRegistrationValues(p),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
}
