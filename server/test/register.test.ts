/**
 * Registration calls (contracts/calls/register.ts): the form, uploads, submit (new attendee with a
 * photo, a follower and activities), retries, every form rule's msgId, audit and review, the
 * attendee's own details and edits, followers, files and ids of others, the password change.
 * Concurrency (real under scripts/pg-test.sh): one key sent at once registers once; people racing
 * for the last workshop places in their registration never overbook and leave nothing half-written.
 */
import { sql } from 'drizzle-orm'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import {
  changePassword,
  downloadFileBase64,
  getAllowEdit,
  getByContactCode,
  getFieldRules,
  getFormOverview,
  getSignupContact,
  getTravellers,
  listFollowers,
  listFollowerTypes,
  listFormItems,
  listResults,
  listScheduleSummary,
  removeFollower,
  saveEnrollment,
  saveFollower,
  updateContact,
  updateFollower,
  uploadFile,
} from '@contracts/calls/register'
import type { FormValues } from '@contracts/register-form'
import { DEMO_ACTIVITIES } from '../src/schedule/seed'
import { DEMO_USER } from '../src/seed'
import { reviewRegistration } from '../src/register/load'
import { setup, type TestContext } from './helper'
import { SMALL_PDF, idCardOf, pngOf } from './support/files'

let t: TestContext
let n = 0
const uniq = () => `${Date.now().toString(36)}${(n++).toString(36)}`.padEnd(10, 'x')
const key = () => `k-${uniq()}`
const mobileOf = (i: number) => `139${String(10_000_000 + i).slice(-8)}`

/** every required field of the demo's attendee type, valid */
function attendeeValues(i: number, extra: FormValues = {}): FormValues {
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
const companion = (i: number): FormValues => ({ name: `同行${i}`, sex: 'mr', mobile: mobileOf(50_000 + i), idType: 'passport', idNumber: 'E12345678' })

async function uploadAs(bytes: Buffer, q: { field?: string; draftId: string; contactType?: string; token?: string; name?: string }) {
  const qs = new URLSearchParams({ eventCode: 'DEMO', field: q.field ?? 'photo', contactType: q.contactType ?? 'attendee', tag: 'tag-1', draftId: q.draftId, name: q.name ?? 'me.png' })
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream' }
  if (q.token) headers.authorization = q.token
  const res = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers, payload: bytes })
  return { statusCode: res.statusCode, body: res.json() }
}

async function register(i: number, opts: { values?: FormValues; type?: string; followers?: object[]; activities?: string[]; draftId?: string; idempotencyKey?: string; protocol?: boolean; lang?: string } = {}) {
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

async function loginByCode(mobile: string) {
  await t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })
  const code = t.app.outbox!.list(mobile)[0].code
  return t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code })
}
const loginDemo = async () =>
  (await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })).body.data.token as string

const count = async (table: string) => ((await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0].n

beforeAll(async () => {
  t = await setup()
})
beforeEach(async () => t.reset())
afterAll(async () => t?.close())

describe('the form', () => {
  it('overview, field rules, follower types and option lists of the demo event', async () => {
    const o = (await t.post(getFormOverview.path, { eventCode: 'DEMO' })).body.data
    expect(o).toMatchObject({ open: true, maxActivities: 2, editUntil: 'eventEnd', afterRegister: 'home' })
    expect(o.types.map((x: { code: string; audit: boolean }) => [x.code, x.audit])).toEqual([
      ['attendee', false],
      ['media', true],
    ])
    expect(o.protocolZh && o.protocolEn).toBeTruthy()
    const rules = (await t.post(getFieldRules.path, { eventCode: 'DEMO', contactType: 'attendee' })).body.data
    expect(rules.fields.map((f: { key: string }) => f.key)).toContain('idDocument')
    expect(rules.fields.find((f: { key: string }) => f.key === 'photo').upload).toMatchObject({ formats: ['jpg', 'jpeg', 'png'], minWidth: 100 })
    // the attachment takes the rules table's defaults where the file set only some
    expect(rules.fields.find((f: { key: string }) => f.key === 'attachment').upload).toMatchObject({ maxBytes: 5 * 1024 * 1024, minWidth: 0 })
    const media = (await t.post(getFieldRules.path, { eventCode: 'DEMO', contactType: 'media' })).body.data
    expect(media.fields.map((f: { key: string }) => f.key)).toContain('surnameGiven')
    const followers = (await t.post(listFollowerTypes.path, { eventCode: 'DEMO' })).body.data
    expect(followers).toHaveLength(1)
    expect(followers[0]).toMatchObject({ code: 'companion', max: 3 })
    expect((await t.post(listFormItems.path, { eventCode: 'DEMO', listCode: 'personalPosition' })).body.data.length).toBeGreaterThan(2)
    expect((await t.post(listFormItems.path, { eventCode: 'DEMO', listCode: 'nope' })).body.data).toEqual([])
  })

  it('an unknown type EREG2006; an event without a form is closed (open false, EREG1042); an unknown event EEVT1001', async () => {
    expect((await t.post(getFieldRules.path, { eventCode: 'DEMO', contactType: 'nope' })).body.msgId).toBe('EREG2006')
    expect((await t.post(getFormOverview.path, { eventCode: 'SOON' })).body.data).toMatchObject({ open: false, types: [] })
    expect((await t.post(getFieldRules.path, { eventCode: 'SOON', contactType: 'attendee' })).body.msgId).toBe('EREG1042')
    expect((await t.post(getFormOverview.path, { eventCode: 'NOPE' })).body.msgId).toBe('EEVT1001')
  })
})

describe('registering', () => {
  it('a new attendee with a photo, a follower and an activity: approved, logged in, everything kept', async () => {
    const r = await register(1, { followers: [{ followerType: 'companion', values: companion(1) }], activities: [DEMO_ACTIVITIES.workshop] })
    expect(r.body.msgId).toBe('')
    expect(r.body.data).toMatchObject({ status: 'approved', next: 'home' })
    const token = r.body.data.session.token
    expect(r.body.data.session.user.name).toBe('测试1')

    const mine = await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token })
    expect(mine.body.data).toMatchObject({ contactCode: r.body.data.contactCode, status: 'approved', activityCodes: [DEMO_ACTIVITIES.workshop] })
    expect(mine.body.data.values.idNumber).toBe(idCardOf('19900307', 1))
    expect(mine.body.data.files.photo).toMatchObject({ mime: 'image/png', name: 'me.png' })
    expect(mine.body.data.registeredAt).toMatch(/\+08:00$/)
    const byCode = await t.post(getByContactCode.path, { eventCode: 'DEMO', contactCode: r.body.data.contactCode }, { token })
    expect(byCode.body.data.contactCode).toBe(r.body.data.contactCode)

    const followers = await t.post(listFollowers.path, { eventCode: 'DEMO', parentCode: r.body.data.contactCode }, { token })
    expect(followers.body.data).toHaveLength(1)
    expect(followers.body.data[0].values.name).toBe('同行1')
    const travellers = await t.post(getTravellers.path, { eventCode: 'DEMO', productType: 'train' }, { token })
    expect(travellers.body.data.map((x: { name: string }) => x.name)).toEqual(['测试1', '同行1'])

    // the photo is now the attendee's: readable with their login, not by the draft key any more, nor by others
    const photo = mine.body.data.files.photo.fileCode
    const own = await t.post(downloadFileBase64.path, { fileCode: photo, draftId: '' }, { token })
    expect(Buffer.from(own.body.data.base64, 'base64').subarray(1, 4).toString()).toBe('PNG')
    const other = await loginDemo()
    expect((await t.post(downloadFileBase64.path, { fileCode: photo, draftId: '' }, { token: other })).body.msgId).toBe('ESYS0004')
    expect((await t.post(downloadFileBase64.path, { fileCode: photo, draftId: 'draft-whatever' })).body.msgId).toBe('ESYS0004')
    expect((await t.post(getByContactCode.path, { eventCode: 'DEMO', contactCode: r.body.data.contactCode }, { token: other })).body.msgId).toBe('ESYS0004')
    expect((await t.post(listFollowers.path, { eventCode: 'DEMO', parentCode: r.body.data.contactCode }, { token: other })).body.msgId).toBe('ESYS0004')

    // and they can log in by code like anyone
    expect((await loginByCode(mobileOf(1))).body.msgId).toBe('')
  })

  it('a retry with the same key answers the first result and registers once; another key for the same person EREG2004', async () => {
    const draftId = `draft-${uniq()}`
    const up = await uploadAs(pngOf(120, 120), { draftId })
    const values = attendeeValues(2, { photo: up.body.data.fileCode })
    const k = key()
    const users = await count('users')
    const [a, b] = await Promise.all([register(2, { values, draftId, idempotencyKey: k }), register(2, { values, draftId, idempotencyKey: k })])
    expect(a.body.data.contactCode).toBe(b.body.data.contactCode)
    expect(await count('users')).toBe(users + 1)
    expect(await count('signup_contacts')).toBe(1)
    // each answer carries a working login
    expect((await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token: b.body.data.session.token })).body.msgId).toBe('')
    expect((await register(2, { values, draftId })).body.msgId).toBe('EREG2004')
  })

  it('a person already registered (the demo attendee by mobile or e-mail) is EREG2004; a required photo missing EREG2101', async () => {
    const draftId = `draft-${uniq()}`
    const photo = (await uploadAs(pngOf(120, 120), { draftId })).body.data.fileCode
    expect((await register(3, { values: attendeeValues(3, { mobile: DEMO_USER.mobile, photo }), draftId })).body.msgId).toBe('EREG2004')
    expect((await register(3, { values: attendeeValues(3, { email: DEMO_USER.email, photo }), draftId })).body.msgId).toBe('EREG2004')
    expect((await register(3, { values: attendeeValues(3, { photo: undefined }) })).body.msgId).toBe('EREG2101')
    expect(await count('signup_contacts')).toBe(0)
  })

  it.each<[string, FormValues, string]>([
    ['mobile', { mobile: '1391234567' }, 'EREG2115'],
    ['ID check digit', { idNumber: idCardOf().slice(0, 17) + (idCardOf().endsWith('0') ? '1' : '0') }, 'EREG2112'],
    ['ID type missing', { idType: '' }, 'EREG2111'],
    ['passport format', { idType: 'passport', idNumber: '中国' }, 'EREG2112'],
    ['postcode', { postcode: '20012' }, 'EREG2113'],
    ['postcode missing', { postcode: '' }, 'EREG2107'],
    ['e-mail', { email: 'a@b' }, 'EREG2114'],
    ['name missing', { name: ' ' }, 'EREG2103'],
    ['county missing', { region: { nation: 'CN', province: '31', city: '3101', county: '' } }, 'EREG2105'],
    ['county not in the city', { region: { nation: 'CN', province: '31', city: '3101', county: '440305' } }, 'EREG2118'],
    ['nation missing', { region: { nation: '', province: '', city: '', county: '' } }, 'EREG2104'],
    ['address missing', { address: '' }, 'EREG2106'],
    ['phone without area code', { phone: { country: '+86', area: '', number: '12345678', ext: '' } }, 'EREG2108'],
    ['phone letters', { phone: { country: '+86', area: '21', number: '1234abcd', ext: '' } }, 'EREG2116'],
    ['fax without number', { fax: { country: '+86', area: '21', number: '', ext: '' } }, 'EREG2110'],
    ['landline without number', { landline: { country: '+86', area: '21', number: '', ext: '1' } }, 'EREG2109'],
    ['sex missing', { sex: '' }, 'EREG2101'],
    ['personal position not in the list', { personalPosition: 'king' }, 'EREG2118'],
    ['too long', { company: 'x'.repeat(201) }, 'EREG2117'],
    ['photo of nobody', { photo: 'Fnotarealfilecode' }, 'EREG2009'],
  ])('refuses %s with %s and writes nothing', async (_name, change, msgId) => {
    const draftId = `draft-${uniq()}`
    const up = await uploadAs(pngOf(120, 120), { draftId })
    const before = [await count('users'), await count('attendees'), await count('signup_contacts')]
    const r = await register(4, { values: attendeeValues(4, { photo: up.body.data.fileCode, ...change }), draftId })
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe(msgId)
    expect([await count('users'), await count('attendees'), await count('signup_contacts')]).toEqual(before)
  })

  it('protocol not ticked EREG2120; a follower missing a field EREG2119; too many followers EREG2008; unknown follower type EREG2007', async () => {
    expect((await register(5, { protocol: false })).body.msgId).toBe('EREG2120')
    expect((await register(5, { followers: [{ followerType: 'companion', values: { ...companion(1), name: '' } }] })).body.msgId).toBe('EREG2119')
    expect((await register(5, { followers: [{ followerType: 'companion', values: { ...companion(1), idNumber: '123' } }] })).body.msgId).toBe('EREG2112')
    const four = [1, 2, 3, 4].map((i) => ({ followerType: 'companion', values: companion(i) }))
    const over = await register(5, { followers: four, lang: 'en' })
    expect(over.body.msgId).toBe('EREG2008')
    expect(over.body.msgText).toBe('You can bring at most 3 fellow travellers of this type')
    expect((await register(5, { followers: [{ followerType: 'pet', values: companion(1) }] })).body.msgId).toBe('EREG2007')
    expect((await register(5, { activities: Object.values(DEMO_ACTIVITIES) })).body.msgId).toBe('EREG2003')
    expect(await count('signup_contacts')).toBe(0)
  })

  it('the press type is reviewed: under audit, no login, then approved or rejected by the review command', async () => {
    const draftId = `draft-${uniq()}`
    const up = await uploadAs(pngOf(150, 150), { draftId, contactType: 'media' })
    const values: FormValues = {
      surname: '王',
      givenName: '小明',
      sex: 'mr',
      mobile: mobileOf(6),
      email: 'press@example.com',
      company: '科技日报',
      position: '记者',
      certificateType: 'press',
      certificateNumber: 'J123456',
      idType: 'idCard',
      idNumber: idCardOf('19880101', 6),
      photo: up.body.data.fileCode,
      isAttend: 'attend',
    }
    const r = await register(6, { type: 'media', values, draftId })
    expect(r.body.data).toMatchObject({ status: 'auditing', next: 'wait', session: null })
    const code = r.body.data.contactCode
    expect((await t.post(listResults.path, { eventCode: 'DEMO', contactCodes: [code, 'Cnope'] })).body.data).toEqual([{ contactCode: code, status: 'auditing', contactType: 'media' }])
    expect((await loginByCode(mobileOf(6))).body.msgId).toBe('EREG1040')
    await reviewRegistration(t.app.deps, 'DEMO', code, 'approved')
    expect((await t.post(listResults.path, { eventCode: 'DEMO', contactCodes: [code] })).body.data[0].status).toBe('approved')
    const login = await loginByCode(mobileOf(6))
    expect(login.body.msgId).toBe('')
    expect(login.body.data.user.name).toBe('王小明')
    await reviewRegistration(t.app.deps, 'DEMO', code, 'rejected')
    expect((await t.post(listResults.path, { eventCode: 'DEMO', contactCodes: [code] })).body.data[0].status).toBe('rejected')
  })

  it('a closed form EREG1042', async () => {
    await t.db.db.execute(sql`update registration_forms set config = jsonb_set(config, '{open}', 'false')`)
    expect((await register(7)).body.msgId).toBe('EREG1042')
  })
})

describe('uploads', () => {
  const draftId = 'draft-uploads-1'
  it.each<[string, Buffer, string, string]>([
    ['a PDF as a photo', SMALL_PDF, 'photo', 'EREG2201'],
    ['bytes that are no image', Buffer.from('hello, not a picture'), 'photo', 'EREG2201'],
    ['an image too small', pngOf(50, 300), 'photo', 'EREG2203'],
    ['an image too large', Buffer.concat([pngOf(120, 120), Buffer.alloc(2 * 1024 * 1024)]), 'photo', 'EREG2202'],
    ['an empty file', Buffer.alloc(0), 'photo', 'EREG2206'],
  ])('refuses %s', async (_name, bytes, field, msgId) => {
    const r = await uploadAs(bytes, { draftId, field })
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe(msgId)
  })

  it('takes a PDF attachment, answers the tag, and reads it back only with the same draft key', async () => {
    const r = await uploadAs(SMALL_PDF, { draftId, field: 'attachment', name: 'cv.pdf' })
    expect(r.body.data).toMatchObject({ tag: 'tag-1', mime: 'application/pdf', name: 'cv.pdf', size: SMALL_PDF.length })
    const back = await t.post(downloadFileBase64.path, { fileCode: r.body.data.fileCode, draftId })
    expect(Buffer.from(back.body.data.base64, 'base64').equals(SMALL_PDF)).toBe(true)
    expect((await t.post(downloadFileBase64.path, { fileCode: r.body.data.fileCode, draftId: 'draft-someone-else' })).body.msgId).toBe('ESYS0004')
  })

  it('bad queries: EVAL0001, never a 5xx; text/plain bodies are files too (spec §7)', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?eventCode=DEMO&field=face`, headers: { 'content-type': 'application/octet-stream' }, payload: pngOf(120, 120) })
    expect(bad.json().msgId).toBe('EVAL0001')
    const json = await t.post(uploadFile.path, { eventCode: 'DEMO' })
    expect(json.body.msgId).toBe('EVAL0001')
    const qs = new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 't', draftId, name: 'a.png' })
    const text = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers: { 'content-type': 'text/plain' }, payload: pngOf(120, 120) })
    expect(text.json().msgId).toBe('')
  })
})

describe('the attendee\'s own registration', () => {
  async function registered(i: number) {
    const r = await register(i, { followers: [{ followerType: 'companion', values: companion(i) }] })
    expect(r.body.msgId).toBe('')
    return { token: r.body.data.session.token as string, contactCode: r.body.data.contactCode as string }
  }

  it('edits while the event allows it, then not (EREG2005); the login mobile stays', async () => {
    const a = await registered(10)
    const allow = await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: a.token })
    expect(allow.body.data.allowed).toBe(true)
    const mine = (await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token: a.token })).body.data
    const edit = await t.post(
      updateContact.path,
      { eventCode: 'DEMO', values: { ...mine.values, company: '新公司', mobile: '13000000000' }, activityCodes: [DEMO_ACTIVITIES.dinner], idempotencyKey: key() },
      { token: a.token },
    )
    expect(edit.body.msgId).toBe('')
    expect(edit.body.data.values).toMatchObject({ company: '新公司', mobile: mobileOf(10) })
    expect(edit.body.data.activityCodes).toEqual([DEMO_ACTIVITIES.dinner])
    const bad = await t.post(updateContact.path, { eventCode: 'DEMO', values: { ...mine.values, postcode: 'abc' }, activityCodes: [], idempotencyKey: key() }, { token: a.token })
    expect(bad.body.msgId).toBe('EREG2113')

    t.clock.advance(4 * 24 * 3600_000) // after the event's end (editUntil eventEnd)
    const relogin = (await loginByCode(mobileOf(10))).body.data?.token ?? a.token
    expect((await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: relogin })).body.data).toEqual({ allowed: false, until: null })
    expect((await t.post(updateContact.path, { eventCode: 'DEMO', values: mine.values, activityCodes: [], idempotencyKey: key() }, { token: relogin })).body.msgId).toBe('EREG2005')
  })

  it('followers: add, edit, remove; another attendee\'s follower id is ESYS0004; the type\'s max holds', async () => {
    const a = await registered(11)
    const b = await registered(12)
    const added = await t.post(saveFollower.path, { eventCode: 'DEMO', followerType: 'companion', values: companion(2), idempotencyKey: key() }, { token: a.token })
    expect(added.body.msgId).toBe('')
    const id = added.body.data.followerId
    const edited = await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: { ...companion(2), name: '改名' } }, { token: a.token })
    expect(edited.body.data.values.name).toBe('改名')
    expect((await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: companion(2) }, { token: b.token })).body.msgId).toBe('ESYS0004')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: id }, { token: b.token })).body.msgId).toBe('ESYS0004')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: 99999 }, { token: a.token })).body.msgId).toBe('ESYS0004')
    expect((await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: { ...companion(2), mobile: '123' } }, { token: a.token })).body.msgId).toBe('EREG2115')
    await t.post(saveFollower.path, { eventCode: 'DEMO', followerType: 'companion', values: companion(3), idempotencyKey: key() }, { token: a.token })
    const fourth = await t.post(saveFollower.path, { eventCode: 'DEMO', followerType: 'companion', values: companion(4), idempotencyKey: key() }, { token: a.token })
    expect(fourth.body.msgId).toBe('EREG2008')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: id }, { token: a.token })).body.msgId).toBe('')
    const list = await t.post(listFollowers.path, { eventCode: 'DEMO', parentCode: a.contactCode }, { token: a.token })
    expect(list.body.data.map((f: { values: FormValues }) => f.values.name)).toEqual(['同行11', '同行3'])
  })

  it('the seeded demo attendee has no form registration: EREG1036 for the form calls', async () => {
    const token = await loginDemo()
    expect((await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token })).body.msgId).toBe('EREG1036')
    expect((await t.post(getSignupContact.path, { eventCode: 'LOCKED' }, { token })).body.msgId).toBe('ESYS0004')
  })
})

describe('changing the password', () => {
  it('checks the old one (EREG2013), the new one\'s rules, then logs in with the new one only', async () => {
    const token = await loginDemo()
    const call = (oldPassword: string, newPassword: string) => t.post(changePassword.path, { oldPassword, newPassword }, { token })
    expect((await call('wrong-password', 'NewPass2026')).body.msgId).toBe('EREG2013')
    expect((await call(DEMO_USER.password, 'short1')).body.msgId).toBe('EREG2011')
    expect((await call(DEMO_USER.password, 'onlyletters')).body.msgId).toBe('EREG2011')
    expect((await call(DEMO_USER.password, DEMO_USER.password)).body.msgId).toBe('EREG2012')
    expect((await call(DEMO_USER.password, 'NewPass2026')).body.msgId).toBe('')
    const old = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    expect(old.body.msgId).toBe('ELOG1005')
    const fresh = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: 'NewPass2026' })
    expect(fresh.body.msgId).toBe('')
  })

  it('is throttled like login: five wrong old passwords lock this address (ELOG1006)', async () => {
    const token = await loginDemo()
    for (let i = 0; i < 4; i++) expect((await t.post(changePassword.path, { oldPassword: `wrong-${i}`, newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('EREG2013')
    expect((await t.post(changePassword.path, { oldPassword: 'wrong-5', newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('ELOG1006')
    expect((await t.post(changePassword.path, { oldPassword: DEMO_USER.password, newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('ELOG1006')
  })

  it('a registrant without a password is told to log in with a code (EREG2010)', async () => {
    const r = await register(20)
    expect((await t.post(changePassword.path, { oldPassword: 'x', newPassword: 'NewPass2026' }, { token: r.body.data.session.token })).body.msgId).toBe('EREG2010')
  })
})

describe('concurrent registrations', () => {
  it('ten people racing for the two workshop places in their registration: two registered, the rest EREG2002 with nothing written', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const draftId = `draft-${uniq()}`
        const up = await uploadAs(pngOf(120, 120), { draftId })
        return { draftId, values: attendeeValues(100 + i, { photo: up.body.data.fileCode }) }
      }),
    )
    const before = await count('users')
    const results = await Promise.all(attempts.map((a, i) => register(100 + i, { ...a, activities: [DEMO_ACTIVITIES.workshop] })))
    const ok = results.filter((r) => r.body.msgId === '')
    expect(ok).toHaveLength(2)
    expect(results.filter((r) => r.body.msgId === 'EREG2002')).toHaveLength(8)
    expect(await count('users')).toBe(before + 2)
    expect(await count('signup_contacts')).toBe(2)
    const summary = await t.post(listScheduleSummary.path, { eventCode: 'DEMO' })
    expect(summary.body.data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.workshop).taken).toBe(2)
  })
})
