/**
 * Upload quotas (files/rules/file-rules.ts): bytes an hour per client address, per draft and per
 * signed-in user, counted in the database. A stranger's pattern (no login, a new draft id for every
 * upload, one address) is stopped at the address's quota; a normal attendee's photo and
 * attachment pass; a refusal stores nothing.
 */
import { sql } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import { saveEnrollment, uploadFile } from '@contracts/calls/register'
import { DEMO_USER } from '../src/seed'
import { FILE_RULES } from '../src/files/rules/file-rules'
import { addWithin } from '../src/kernel/limits/rate-counters'
import { fixedWindow } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'
import { attendeeValues } from './register-support'
import { SMALL_PDF, pngOf } from './support/files'

let t: TestContext
beforeAll(async () => {
  t = await setup()
}, 120_000)
beforeEach(async () => t.reset(), 60_000)
afterAll(async () => t?.close())

const MB = 1024 * 1024
/** a PDF of exactly `size` bytes: the demo form's attachment takes up to 5 MB */
const pdfOf = (size: number) => Buffer.concat([SMALL_PDF, Buffer.alloc(size - SMALL_PDF.length, 0x20)])
const FIVE_MB = pdfOf(5 * MB)

async function upload(bytes: Buffer, o: { draftId: string; ip: string; field?: 'photo' | 'attachment'; token?: string; lang?: string }) {
  const qs = new URLSearchParams({ eventCode: 'DEMO', field: o.field ?? 'attachment', contactType: 'attendee', tag: 't', draftId: o.draftId, name: 'f.pdf' })
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream', lang: o.lang ?? 'zh' }
  if (o.token) headers.authorization = o.token
  const res = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers, payload: bytes, remoteAddress: o.ip })
  expect(res.statusCode).toBe(200)
  return res.json()
}

const storedBytes = async () =>
  (
    (await t.db.db.execute(sql.raw('select coalesce(sum(size), 0)::bigint as n, count(*)::int as files from stored_files'))) as unknown as {
      rows: Array<{ n: string | number; files: number }>
    }
  ).rows[0]

describe('a stranger: no login, a new draft id for every upload, one address', () => {
  it('is stopped at the address quota; other addresses and the next hour go on', async () => {
    const fit = Math.floor(FILE_RULES.quotas.perAddressBytes / FIVE_MB.length)
    for (let i = 0; i < fit; i++) expect((await upload(FIVE_MB, { draftId: `probe-draft-${i}`, ip: '203.0.113.7' })).msgId).toBe('')
    const refused = await upload(FIVE_MB, { draftId: 'probe-over', ip: '203.0.113.7', lang: 'en' })
    expect(refused.msgId).toBe('EREG2208')
    expect(refused.msgText).toMatch(
      new RegExp(`^You have reached the upload limit of ${FILE_RULES.quotas.perAddressBytes / MB} MB an hour: please try again in \\d+ minutes$`),
    )
    // nothing of the refused file was kept: the server holds at most the quota
    const kept = await storedBytes()
    expect(kept.files).toBe(fit)
    expect(Number(kept.n)).toBeLessThanOrEqual(FILE_RULES.quotas.perAddressBytes)

    expect((await upload(FIVE_MB, { draftId: 'someone-else', ip: '198.51.100.20' })).msgId).toBe('')
    t.clock.advance(FILE_RULES.quotas.windowMs)
    expect((await upload(FIVE_MB, { draftId: 'probe-next-hour', ip: '203.0.113.7' })).msgId).toBe('')
  }, 120_000)
})

describe('per draft and per user', () => {
  it('one draft stops at its quota, from any address', async () => {
    const fit = Math.floor(FILE_RULES.quotas.perDraftBytes / FIVE_MB.length)
    for (let i = 0; i < fit; i++) expect((await upload(FIVE_MB, { draftId: 'one-draft', ip: `192.0.2.${i + 1}` })).msgId).toBe('')
    const refused = await upload(FIVE_MB, { draftId: 'one-draft', ip: '192.0.2.200' })
    expect(refused).toMatchObject({ msgId: 'EREG2208' })
    expect(refused.msgText).toContain(`${FILE_RULES.quotas.perDraftBytes / MB}MB`)
  }, 60_000)

  it('a signed-in attendee stops at their quota, whatever draft id they send', async () => {
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    const token = login.body.data.token as string
    const fit = Math.floor(FILE_RULES.quotas.perUserBytes / FIVE_MB.length)
    for (let i = 0; i < fit; i++) expect((await upload(FIVE_MB, { draftId: `user-draft-${i}`, ip: `192.0.2.${i + 1}`, token })).msgId).toBe('')
    expect((await upload(FIVE_MB, { draftId: 'user-draft-new', ip: '192.0.2.200', token })).msgId).toBe('EREG2208')
  }, 60_000)
})

describe('a normal attendee', () => {
  it('registers with a photo and an attachment from an address whose neighbours used most of its quota', async () => {
    const ip = '203.0.113.50'
    // the venue's Wi-Fi: others behind the same address have sent all but 8 MB of the hour's quota
    const others = Math.floor((FILE_RULES.quotas.perAddressBytes - 8 * MB) / FIVE_MB.length)
    for (let i = 0; i < others; i++) expect((await upload(FIVE_MB, { draftId: `neighbour-${i}`, ip })).msgId).toBe('')
    const draftId = 'attendee-draft'
    const photo = await upload(pngOf(300, 400), { draftId, ip, field: 'photo' })
    const attachment = await upload(pdfOf(2 * MB), { draftId, ip })
    expect([photo.msgId, attachment.msgId]).toEqual(['', ''])
    const res = await t.post(saveEnrollment.path, {
      eventCode: 'DEMO',
      contactType: 'attendee',
      values: attendeeValues(7, { photo: photo.data.fileCode, attachment: attachment.data.fileCode }),
      activityCodes: [],
      followers: [],
      protocolAccepted: true,
      draftId,
      idempotencyKey: 'k-normal-attendee',
    })
    expect(res.body.msgId).toBe('')
  }, 120_000)
})

describe('the byte counter at its edge', () => {
  it('adds up to the limit exactly; one byte more is refused and adds nothing', async () => {
    const w = fixedWindow(t.clock.now(), FILE_RULES.quotas.windowMs)
    expect(await addWithin(t.db.db, 'edge', w, 60, 100)).toBe(true)
    expect(await addWithin(t.db.db, 'edge', w, 41, 100)).toBe(false)
    expect(await addWithin(t.db.db, 'edge', w, 40, 100)).toBe(true)
    expect(await addWithin(t.db.db, 'edge', w, 1, 100)).toBe(false)
    expect(await addWithin(t.db.db, 'fresh', w, 101, 100)).toBe(false)
    expect(await addWithin(t.db.db, 'fresh', w, 100, 100)).toBe(true)
  })
})
