/**
 * Event day under concurrent requests (run against a real PostgreSQL with
 * `bash scripts/pg-test.sh server/test/eventday-concurrency.test.ts`; on PGlite transactions are one
 * at a time and this only shows the answers agree): one check-in per attendee whatever the number
 * of phones and retries, one feedback per key, one attendance code per attendee.
 */
import { sql } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import { checkIn, getAttendanceCode, saveFeedback } from '@contracts/calls/eventday'
import { DEMO_USER } from '../src/seed'
import { DEMO_CHECKIN_CODE } from './eventday-fixtures'
import { setup, type TestContext } from './helper'

let t: TestContext
let token = ''
beforeAll(async () => {
  t = await setup()
  await t.reset()
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
  token = r.body.data.token
})
afterAll(async () => t?.close())

const count = async (table: string): Promise<number> => {
  const r = (await t.db.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: Array<{ n: number }> }
  return r.rows[0].n
}

it('twenty scans at once (different keys, some repeated): one check-in, one time for all', async () => {
  const keys = Array.from({ length: 20 }, (_, i) => `conc-scan-${i % 12}`)
  const answers = await Promise.all(keys.map((idempotencyKey) => t.post(checkIn.path, { text: DEMO_CHECKIN_CODE, idempotencyKey }, { token })))
  for (const a of answers) expect(a.body.msgId).toBe('')
  expect([...new Set(answers.map((a) => a.body.data.checkedInAt))]).toEqual([answers[0].body.data.checkedInAt])
  expect(answers[0].body.data.checkedInAt).toBeTruthy()
  // exactly one key made the check-in (its retries replay that answer); every other one found it
  const firstKeys = new Set(keys.filter((_k, i) => answers[i].body.data.first))
  expect(firstKeys.size).toBe(1)
  expect(await count('checkins')).toBe(1)
})

it('the same feedback sent ten times at once with one key is saved once, every answer the same', async () => {
  const body = { category: 'problem', content: '会场网络很慢', idempotencyKey: 'conc-feedback-1' }
  const answers = await Promise.all(Array.from({ length: 10 }, () => t.post(saveFeedback.path, body, { token })))
  for (const a of answers) expect(a.body.msgId).toBe('')
  expect(new Set(answers.map((a) => a.body.data.feedbackNo)).size).toBe(1)
  expect(await count('feedbacks')).toBe(1)
})

it('ten first asks for the attendance code at once get one code', async () => {
  const answers = await Promise.all(Array.from({ length: 10 }, () => t.post(getAttendanceCode.path, {}, { token })))
  expect(new Set(answers.map((a) => a.body.data.token)).size).toBe(1)
  expect(await count('attendance_codes')).toBe(1)
})
