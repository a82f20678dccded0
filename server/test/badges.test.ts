/**
 * Print-ready badges (badges/badges.ts): who may print them (contracts/admin/roles.ts 'badge.print'),
 * staff of another event answered as missing, bad input in the caller's language, the attendee
 * list's filter and the approved, active attendees only, the cap of one PDF at its edges, and the
 * PDF as a person reads it: the names (pdftotext) and each page's QR (pdftoppm, jsqr), which is the
 * attendance code the attendee's app shows.
 */
import { and, eq } from 'drizzle-orm'
import { countBadges, printBadges } from '@contracts/admin/badges'
import { BADGE_RULES, BADGE_SIZE_NAMES } from '@contracts/admin/badge-rules'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { guestLogin } from '@contracts/calls/auth'
import { getAttendanceCode } from '@contracts/calls/eventday'
import { MESSAGES } from '@contracts/messages'
import { attendanceCodes, attendees, auditLog, events, users } from '../src/kernel/db/schema'
import { addPeople } from '../src/register/people'
import * as badgePdf from '../src/badges/badge-pdf'
import { badgeCountRefusal } from '../src/badges/rules/badge-count'
import { AUDITING_USER, COLLEAGUE_USER, DEMO_USER, REJECTED_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'
import { hasPoppler, pdfPagesText, qrOnPage } from './support/pdf-pages'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const FILTER = { eventCode: 'DEMO', keyword: '', userType: '', status: '', checkin: 'all' }
const count = (token: string, over: Record<string, unknown> = {}, lang?: string) => t.post(countBadges.path, { ...FILTER, ...over }, { token, lang })
const print = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(printBadges.path, { ...FILTER, size: 'A6', ...over }, { token, lang })
const pdfOf = (r: { body: { data: { content: string } } }) => Buffer.from(r.body.data.content, 'base64')

async function demoEventId(): Promise<number> {
  const [e] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
  return e.id
}

async function codeOf(userCode: string): Promise<string | undefined> {
  const [row] = await t.db.db
    .select({ token: attendanceCodes.token })
    .from(attendanceCodes)
    .innerJoin(users, eq(users.id, attendanceCodes.userId))
    .where(and(eq(users.userCode, userCode), eq(attendanceCodes.eventId, await demoEventId())))
  return row?.token
}

async function appCode(who: { userName: string; password: string }): Promise<string> {
  const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: who.userName, password: who.password })
  const r = await t.post(getAttendanceCode.path, {}, { token: login.body.data.token })
  return r.body.data.token
}

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it(`${ROLE_PERMISSIONS['badge.print'].includes(role) ? 'counts and prints badges' : 'is refused badges'}`, async () => {
    const token = await staffWithRole(t, `b-${role}`, role)
    const want = ROLE_PERMISSIONS['badge.print'].includes(role) ? '' : 'ESTF2001'
    expect((await count(token)).body.msgId).toBe(want)
    expect((await print(token)).body.msgId).toBe(want)
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await count(token, { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await print(token, { eventCode })).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('bad input', () => {
  it('is told in the caller’s language, never a 5xx, and issues nothing', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    for (const lang of ['zh', 'en'] as const) {
      const r = await print(token, { size: 'A5' }, lang)
      expect(r.statusCode).toBe(200)
      expect(r.body).toMatchObject({ msgId: 'EADM7304', msgText: MESSAGES.EADM7304[lang] })
    }
    for (const over of [{ status: 'paid' }, { checkin: 'maybe' }, { keyword: 'x'.repeat(500) }, { userType: 'a b' }, { size: 7 }, { eventCode: 7 }]) {
      const r = await print(token, over)
      expect(r.statusCode).toBeLessThan(500)
      expect(r.body.msgId).not.toBe('')
    }
    expect(await codeOf(DEMO_USER.userCode)).toBeUndefined()
  })

  it('a filter that gives no badge is told, not printed blank', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await print(token, { status: 'auditing' }, 'en')
    expect(r.body).toMatchObject({ msgId: 'EADM7303', msgText: MESSAGES.EADM7303.en })
  })

  it('a server without the font says so and issues nothing', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const config = t.app.deps.config
    const before = config.badgeFontDir
    config.badgeFontDir = '/nowhere/fonts'
    try {
      const r = await print(token, {}, 'en')
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe('EADM7301')
      expect(r.body.msgText).toContain('/nowhere/fonts/NotoSansCJK-Regular.ttc')
    } finally {
      config.badgeFontDir = before
    }
    expect(await codeOf(DEMO_USER.userCode)).toBeUndefined()
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'badge.print'))).toEqual([])
  })

  it('a drawing that fails leaves no "printed" in the audit log', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const drawing = jest.spyOn(badgePdf, 'renderBadges').mockRejectedValueOnce(new Error('the PDF library broke'))
    try {
      expect((await print(token)).statusCode).toBe(500)
    } finally {
      drawing.mockRestore()
    }
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'badge.print'))).toEqual([])
  })
})

describe('the filter', () => {
  it('is the attendee list’s, of its approved attendees who are not disabled', async () => {
    const token = await staffWithRole(t, 'desk', 'checkin')
    expect((await count(token)).body.data).toEqual({ count: 2, max: BADGE_RULES.maxPerPdf })
    expect((await count(token, { userType: 'vip' })).body.data.count).toBe(1)
    expect((await count(token, { keyword: '张' })).body.data.count).toBe(1)
    expect((await count(token, { status: 'approved' })).body.data.count).toBe(2)
    expect((await count(token, { status: 'auditing' })).body.data.count).toBe(0)
    expect((await count(token, { status: 'rejected' })).body.data.count).toBe(0)
    expect((await count(token, { disabled: 'disabled' })).body.data.count).toBe(0)
    await t.db.db
      .update(attendees)
      .set({ disabled: true })
      .where(eq(attendees.userId, (await userId(COLLEAGUE_USER.userCode))!))
    expect((await count(token)).body.data.count).toBe(1)
    expect((await count(token, { disabled: 'active' })).body.data.count).toBe(1)
  })
})

async function userId(userCode: string) {
  const [u] = await t.db.db.select().from(users).where(eq(users.userCode, userCode))
  return u?.id
}

describe('the cap of one PDF', () => {
  it('at its edges: none is told, the cap prints, one more is refused', () => {
    expect(badgeCountRefusal(0)).toEqual({ msgId: 'EADM7303' })
    expect(badgeCountRefusal(1)).toBeNull()
    expect(badgeCountRefusal(BADGE_RULES.maxPerPdf)).toBeNull()
    expect(badgeCountRefusal(BADGE_RULES.maxPerPdf + 1)).toEqual({
      msgId: 'EADM7302',
      params: { count: BADGE_RULES.maxPerPdf + 1, max: BADGE_RULES.maxPerPdf },
    })
  })

  it(`counts ${BADGE_RULES.maxPerPdf} and more, and refuses to print more than ${BADGE_RULES.maxPerPdf} in words, issuing nothing`, async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const eventId = await demoEventId()
    const people = Array.from({ length: BADGE_RULES.maxPerPdf - 1 }, (_, i) => ({
      name: `Capacity ${i}`,
      mobile: `135${String(i).padStart(8, '0')}`,
      email: null,
      company: null,
      userType: 'attendee',
      status: 'approved',
    }))
    await t.db.db.transaction((tx) => addPeople(tx, eventId, people, t.clock.now()))
    // with the two seeded approved attendees: one over the cap
    expect((await count(token)).body.data.count).toBe(BADGE_RULES.maxPerPdf + 1)
    const over = await print(token, {}, 'en')
    expect(over.body.msgId).toBe('EADM7302')
    expect(over.body.msgText).toBe(MESSAGES.EADM7302.en.replace('{count}', String(BADGE_RULES.maxPerPdf + 1)).replace('{max}', String(BADGE_RULES.maxPerPdf)))
    expect(await t.db.db.select().from(attendanceCodes)).toEqual([])
    // one fewer is the cap itself: counted as printable
    await t.db.db
      .update(attendees)
      .set({ disabled: true })
      .where(eq(attendees.userId, (await userId(DEMO_USER.userCode))!))
    expect((await count(token)).body.data).toEqual({ count: BADGE_RULES.maxPerPdf, max: BADGE_RULES.maxPerPdf })
  }, 60_000)
})

const poppler = hasPoppler()
if (!poppler) console.warn('badges.test: pdftoppm/pdftotext (poppler-utils) are not installed: the PDF content tests are skipped')
const withPoppler = poppler ? describe : describe.skip

withPoppler('the PDF', () => {
  it.each(BADGE_SIZE_NAMES)(
    '%s: a page per badge, with the names and the attendance code as a QR the app shows too',
    async (size) => {
      const token = await staffWithRole(t, 'org', 'organiser')
      // one attendee asked the app for a code before: the badge keeps it
      const before = await appCode(DEMO_USER)
      const r = await print(token, { size })
      expect(r.body.msgId).toBe('')
      expect(r.body.data).toMatchObject({ contentType: 'application/pdf', count: 2 })
      expect(r.body.data.fileName).toMatch(new RegExp(`^badges-DEMO-${size}-\\d{8}\\.pdf$`))
      const pdf = pdfOf(r)
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      const texts = pdfPagesText(pdf)
      expect(texts).toHaveLength(2)
      const all = texts.join('\n')
      for (const name of [DEMO_USER.name, COLLEAGUE_USER.name]) expect(all).toContain(name)
      for (const name of [AUDITING_USER.name, REJECTED_USER.name]) expect(all).not.toContain(name)
      expect(all).toContain('2026 全球开发者大会')
      for (const [page, text] of texts.entries()) {
        const qr = qrOnPage(pdf, page + 1)
        const who = text.includes(DEMO_USER.name) ? DEMO_USER : COLLEAGUE_USER
        expect(qr).toBe(await codeOf(who.userCode))
        // the code is printed under the QR too
        expect(text).toContain(qr!)
      }
      expect(await codeOf(DEMO_USER.userCode)).toBe(before)
      // one issued by the badge is the one the app shows afterwards
      expect(await appCode(COLLEAGUE_USER)).toBe(await codeOf(COLLEAGUE_USER.userCode))
    },
    60_000,
  )

  it('a filtered set only, and the print is in the audit log', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await print(token, { userType: 'vip', size: 'card' })
    const texts = pdfPagesText(pdfOf(r))
    expect(texts).toHaveLength(1)
    expect(texts[0]).toContain(COLLEAGUE_USER.name)
    expect(texts[0]).toContain(COLLEAGUE_USER.company)
    const [row] = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'badge.print'))
    expect(row).toMatchObject({ target: 'DEMO', after: { count: 1, size: 'card', filter: { userType: 'vip' } } })
  }, 60_000)
})
