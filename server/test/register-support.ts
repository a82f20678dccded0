/**
 * Set-up and helpers of the registration tests (register-*.test.ts), which cover the registration calls (contracts/calls/register.ts): the form, uploads, submit (new attendee with a
 * photo, a follower and activities), retries, every form rule's msgId, audit and review, the
 * attendee's own details and edits, followers, files and ids of others, the password change.
 * Concurrency (real under scripts/pg-test.sh): one key sent at once registers once; people racing
 * for the last workshop places in their registration never overbook and leave nothing half-written.
 */
import { sql } from 'drizzle-orm'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { saveEnrollment, uploadFile } from '@contracts/calls/register'
import type { FormValues } from '@contracts/register-form'
import { DEMO_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { idCardOf, pngOf } from './support/files'

export let t: TestContext
export let n = 0
export const uniq = () => `${Date.now().toString(36)}${(n++).toString(36)}`.padEnd(10, 'x')
export const key = () => `k-${uniq()}`
export const mobileOf = (i: number) => `139${String(10_000_000 + i).slice(-8)}`

/** every required field of the demo's attendee type, valid */
export function attendeeValues(i: number, extra: FormValues = {}): FormValues {
  return {
    name: `测试${i}`,
    sex: 'ms',
    mobile: mobileOf(i),
    email: `t${i}@example.com`,
    company: '测试科技',
    region: { nation: 'CN', province: '31', city: '3101', county: '310101' },
    address: '世纪大道 1 号',
    postcode: '200120',
    idType: 'idCard',
    idNumber: idCardOf('19900307', i % 1000),
    isAttend: 'attend',
    phone: { country: '+86', area: '21', number: '12345678', ext: '' },
    ...extra,
  }
}
export const companion = (i: number): FormValues => ({ name: `同行${i}`, sex: 'mr', mobile: mobileOf(50_000 + i), idType: 'passport', idNumber: 'E12345678' })

export async function uploadAs(bytes: Buffer, q: { field?: string; draftId: string; contactType?: string; token?: string; name?: string }) {
  const qs = new URLSearchParams({
    eventCode: 'DEMO',
    field: q.field ?? 'photo',
    contactType: q.contactType ?? 'attendee',
    tag: 'tag-1',
    draftId: q.draftId,
    name: q.name ?? 'me.png',
  })
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' }
  if (q.token) headers.authorization = q.token
  const res = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers, payload: bytes })
  return { statusCode: res.statusCode, body: res.json() }
}

export async function register(
  i: number,
  opts: {
    values?: FormValues
    type?: string
    followers?: object[]
    activities?: string[]
    draftId?: string
    idempotencyKey?: string
    protocol?: boolean
    lang?: string
  } = {},
) {
  const draftId = opts.draftId ?? `draft-${uniq()}`
  let values = opts.values
  if (!values) {
    const up = await uploadAs(pngOf(200, 260), { draftId })
    expect(up.body.msgId).toBe('')
    values = attendeeValues(i, { photo: up.body.data.fileCode })
  }
  return t.post(
    saveEnrollment.path,
    {
      eventCode: 'DEMO',
      contactType: opts.type ?? 'attendee',
      values,
      activityCodes: opts.activities ?? [],
      followers: opts.followers ?? [],
      protocolAccepted: opts.protocol ?? true,
      draftId,
      idempotencyKey: opts.idempotencyKey ?? key(),
    },
    { lang: opts.lang },
  )
}

export async function loginByCode(mobile: string) {
  await t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })
  const code = t.app.outbox!.list(mobile)[0].code
  return t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code })
}
export const loginDemo = async () =>
  (await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })).body.data
    .token as string

/** registrations the seed writes (the demo attendee's and the press registrant's under review at DEMO, register/seed.ts): counts of signup_contacts start there */
export const SEEDED_CONTACTS = 2
export const count = async (table: string) =>
  ((await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0].n

/** one app for the file, reset before each test */
export function useRegisterApp(): void {
  beforeAll(async () => {
    t = await setup()
  })
  beforeEach(async () => t.reset())
  afterAll(async () => t?.close())
}
