/** Registration calls: the form, and registering (retries, every form rule's msgId, audit and review). Set-up: register-support.ts. */
import { sql } from 'drizzle-orm'
import {
  downloadFileBase64,
  getByContactCode,
  getFieldRules,
  getFormOverview,
  getSignupContact,
  getTravellers,
  listFollowers,
  listFollowerTypes,
  listFormItems,
  listResults,
} from '@contracts/calls/register'
import type { FormValues } from '@contracts/register-form'
import { DEMO_ACTIVITIES } from '../src/schedule/seed'
import { DEMO_USER } from '../src/seed'
import { decideRegistrations } from '@contracts/admin/review'
import { DEMO_ORGANISER } from '../src/staff/seed'
import { staffToken } from './staff-support'
import { idCardOf, pngOf } from './support/files'
import {
  SEEDED_CONTACTS,
  attendeeValues,
  companion,
  count,
  key,
  loginByCode,
  loginDemo,
  mobileOf,
  register,
  t,
  uniq,
  uploadAs,
  useRegisterApp,
} from './register-support'

useRegisterApp()

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

describe("a type by invitation (the demo's vip)", () => {
  it('is not offered, but its fields are there for the attendees the organisers added', async () => {
    const o = (await t.post(getFormOverview.path, { eventCode: 'DEMO' })).body.data
    expect(o.types.some((x: { code: string }) => x.code === 'vip')).toBe(false)
    const rules = (await t.post(getFieldRules.path, { eventCode: 'DEMO', contactType: 'vip' })).body.data
    expect(rules.fields.map((f: { key: string }) => f.key)).toEqual(['name', 'mobile', 'email', 'company', 'position', 'activities'])
  })

  it("refuses a new registration of that type, in the attendee's language, and writes nothing", async () => {
    const before = await count('signup_contacts')
    const r = await register(7, { type: 'vip', values: { name: '不请自来', mobile: mobileOf(7) }, lang: 'en' })
    expect(r.body).toMatchObject({ msgId: 'EREG2014', msgText: 'This attendee type is by invitation only: please choose another' })
    expect(await count('signup_contacts')).toBe(before)
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
    expect(await count('signup_contacts')).toBe(SEEDED_CONTACTS + 1)
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
    expect(await count('signup_contacts')).toBe(SEEDED_CONTACTS)
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
    expect(await count('signup_contacts')).toBe(SEEDED_CONTACTS)
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
    expect((await t.post(listResults.path, { eventCode: 'DEMO', contactCodes: [code, 'Cnope'] })).body.data).toEqual([
      { contactCode: code, status: 'auditing', contactType: 'media' },
    ])
    expect((await loginByCode(mobileOf(6))).body.msgId).toBe('EREG1040')
    const organiser = await staffToken(t, DEMO_ORGANISER.userName, DEMO_ORGANISER.password)
    const decided = await t.post(decideRegistrations.path, { eventCode: 'DEMO', contactCodes: [code], decision: 'approved', reason: '' }, { token: organiser })
    expect(decided.body.data).toEqual({ decided: [code], skipped: [] })
    expect((await t.post(listResults.path, { eventCode: 'DEMO', contactCodes: [code] })).body.data[0].status).toBe('approved')
    const login = await loginByCode(mobileOf(6))
    expect(login.body.msgId).toBe('')
    expect(login.body.data.user.name).toBe('王小明')
  })

  it('a closed form EREG1042', async () => {
    await t.db.db.execute(sql`update registration_forms set config = jsonb_set(config, '{open}', 'false')`)
    expect((await register(7)).body.msgId).toBe('EREG1042')
  })
})
