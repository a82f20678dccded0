/** Registration calls: uploads, the attendee's own registration, the password change, and concurrent registrations (real under scripts/pg-test.sh). Set-up: register-support.ts. */
import { guestLogin } from '@contracts/calls/auth'
import {
  changePassword,
  downloadFileBase64,
  getAllowEdit,
  getSignupContact,
  listFollowers,
  listScheduleSummary,
  removeFollower,
  saveFollower,
  updateContact,
  updateFollower,
  uploadFile,
} from '@contracts/calls/register'
import type { FormValues } from '@contracts/register-form'
import { DEMO_ACTIVITIES } from '../src/schedule/seed'
import { DEMO_USER } from '../src/seed'
import { events } from '../src/kernel/db/schema'
import { eq } from 'drizzle-orm'
import { SMALL_PDF, pngOf } from './support/files'
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
    const bad = await t.app.inject({
      method: 'POST',
      url: `${uploadFile.path}?eventCode=DEMO&field=face`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: pngOf(120, 120),
    })
    expect(bad.json().msgId).toBe('EVAL0001')
    const json = await t.post(uploadFile.path, { eventCode: 'DEMO' })
    expect(json.body.msgId).toBe('EVAL0001')
    const qs = new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 't', draftId, name: 'a.png' })
    const text = await t.app.inject({ method: 'POST', url: `${uploadFile.path}?${qs}`, headers: { 'content-type': 'text/plain' }, payload: pngOf(120, 120) })
    expect(text.json().msgId).toBe('')
  })
})

describe("the attendee's own registration", () => {
  async function registered(i: number) {
    const r = await register(i, { followers: [{ followerType: 'companion', values: companion(i) }] })
    expect(r.body.msgId).toBe('')
    return { token: r.body.data.session.token as string, contactCode: r.body.data.contactCode as string }
  }

  it("the edit deadline is written on the event's own clock: China's offset, New York's for an event there", async () => {
    const a = await registered(12)
    const china = (await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: a.token })).body.data
    expect(china.until).toMatch(/\+08:00$/)
    await t.db.db.update(events).set({ timeZone: 'America/New_York' }).where(eq(events.eventCode, 'DEMO'))
    t.app.deps.eventCache.clear()
    const newYork = (await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: a.token })).body.data
    expect(newYork.until).toMatch(/-0[45]:00$/)
    // the same moment, written on another clock
    expect(Date.parse(newYork.until)).toBe(Date.parse(china.until))
  })

  it('edits while the event allows it, then not (EREG2005); the login mobile stays', async () => {
    const a = await registered(10)
    const allow = await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: a.token })
    expect(allow.body.data.allowed).toBe(true)
    const mine = (await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token: a.token })).body.data
    const edit = await t.post(
      updateContact.path,
      {
        eventCode: 'DEMO',
        values: { ...mine.values, company: '新公司', mobile: '13000000000' },
        activityCodes: [DEMO_ACTIVITIES.dinner],
        idempotencyKey: key(),
      },
      { token: a.token },
    )
    expect(edit.body.msgId).toBe('')
    expect(edit.body.data.values).toMatchObject({ company: '新公司', mobile: mobileOf(10) })
    expect(edit.body.data.activityCodes).toEqual([DEMO_ACTIVITIES.dinner])
    const bad = await t.post(
      updateContact.path,
      { eventCode: 'DEMO', values: { ...mine.values, postcode: 'abc' }, activityCodes: [], idempotencyKey: key() },
      { token: a.token },
    )
    expect(bad.body.msgId).toBe('EREG2113')

    t.clock.advance(4 * 24 * 3600_000) // after the event's end (editUntil eventEnd)
    const relogin = (await loginByCode(mobileOf(10))).body.data?.token ?? a.token
    expect((await t.post(getAllowEdit.path, { eventCode: 'DEMO' }, { token: relogin })).body.data).toEqual({ allowed: false, until: null })
    expect(
      (await t.post(updateContact.path, { eventCode: 'DEMO', values: mine.values, activityCodes: [], idempotencyKey: key() }, { token: relogin })).body.msgId,
    ).toBe('EREG2005')
  })

  it("followers: add, edit, remove; another attendee's follower id is ESYS0004; the type's max holds", async () => {
    const a = await registered(11)
    const b = await registered(12)
    const added = await t.post(
      saveFollower.path,
      { eventCode: 'DEMO', followerType: 'companion', values: companion(2), idempotencyKey: key() },
      { token: a.token },
    )
    expect(added.body.msgId).toBe('')
    const id = added.body.data.followerId
    const edited = await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: { ...companion(2), name: '改名' } }, { token: a.token })
    expect(edited.body.data.values.name).toBe('改名')
    expect((await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: companion(2) }, { token: b.token })).body.msgId).toBe('ESYS0004')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: id }, { token: b.token })).body.msgId).toBe('ESYS0004')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: 99999 }, { token: a.token })).body.msgId).toBe('ESYS0004')
    expect(
      (await t.post(updateFollower.path, { eventCode: 'DEMO', followerId: id, values: { ...companion(2), mobile: '123' } }, { token: a.token })).body.msgId,
    ).toBe('EREG2115')
    await t.post(saveFollower.path, { eventCode: 'DEMO', followerType: 'companion', values: companion(3), idempotencyKey: key() }, { token: a.token })
    const fourth = await t.post(
      saveFollower.path,
      { eventCode: 'DEMO', followerType: 'companion', values: companion(4), idempotencyKey: key() },
      { token: a.token },
    )
    expect(fourth.body.msgId).toBe('EREG2008')
    expect((await t.post(removeFollower.path, { eventCode: 'DEMO', followerId: id }, { token: a.token })).body.msgId).toBe('')
    const list = await t.post(listFollowers.path, { eventCode: 'DEMO', parentCode: a.contactCode }, { token: a.token })
    expect(list.body.data.map((f: { values: FormValues }) => f.values.name)).toEqual(['同行11', '同行3'])
  })

  it('the seeded demo attendee has a registration at DEMO: "my registration" shows their values', async () => {
    const token = await loginDemo()
    const mine = await t.post(getSignupContact.path, { eventCode: 'DEMO' }, { token })
    expect(mine.body.msgId).toBe('')
    expect(mine.body.data).toMatchObject({
      contactType: 'attendee',
      status: 'approved',
      values: { name: DEMO_USER.name, mobile: DEMO_USER.mobile, email: DEMO_USER.email, company: DEMO_USER.company, idNumber: DEMO_USER.idNumber, sex: 'mr' },
    })
    expect(mine.body.data.values.region).toEqual({ nation: 'CN', province: '11', city: '1101', county: '110101' })
    expect((await t.post(getSignupContact.path, { eventCode: 'LOCKED' }, { token })).body.msgId).toBe('ESYS0004')
  })
})

describe('changing the password', () => {
  it("checks the old one (EREG2013), the new one's rules, then logs in with the new one only", async () => {
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
    for (let i = 0; i < 4; i++)
      expect((await t.post(changePassword.path, { oldPassword: `wrong-${i}`, newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('EREG2013')
    expect((await t.post(changePassword.path, { oldPassword: 'wrong-5', newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('ELOG1006')
    expect((await t.post(changePassword.path, { oldPassword: DEMO_USER.password, newPassword: 'NewPass2026' }, { token })).body.msgId).toBe('ELOG1006')
  })

  it('a registrant without a password is told to log in with a code (EREG2010)', async () => {
    const r = await register(20)
    expect((await t.post(changePassword.path, { oldPassword: 'x', newPassword: 'NewPass2026' }, { token: r.body.data.session.token })).body.msgId).toBe(
      'EREG2010',
    )
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
    expect(await count('signup_contacts')).toBe(SEEDED_CONTACTS + 2)
    const summary = await t.post(listScheduleSummary.path, { eventCode: 'DEMO' })
    expect(summary.body.data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.workshop).taken).toBe(2)
  })
})
