import fs from 'fs'
import path from 'path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { saveAttendee } from '../contracts/admin/attendees'
import { staffLogin } from '../contracts/admin/staff'
import { getDeskSnapshot, type DeskCheckin, type DeskSnapshot } from '../contracts/admin/desk'
import { getAttendanceCode } from '../contracts/calls/eventday'
import { guestLogin, sendLoginCode } from '../contracts/calls/auth'
import { latestCode, pastResendWait } from './support'

/** the demo's console logins (server/src/staff/seed.ts) */
export const ADMIN = { userName: 'admin', password: 'Admin@2026' }
export const ORGANISER = { userName: 'organiser', password: 'Organiser@2026' }

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/console'

/** a full-page screenshot for a person to look at */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

export async function consoleLogin(
  page: Page,
  who: { userName: string; password: string },
  texts: { userName: string; password: string; submit: string },
): Promise<void> {
  await page.getByLabel(texts.userName).fill(who.userName)
  await page.getByLabel(texts.password, { exact: true }).fill(who.password)
  await page.getByRole('button', { name: texts.submit }).click()
}

/** the value of a settings field of the event form, by its label */
export async function setField(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true })
  await field.fill(value)
  await expect(field).toHaveValue(value)
}

/** the login form's texts in each language */
export const LOGIN_TEXTS = {
  zh: { userName: '用户名', password: '密码', submit: '登录' },
  en: { userName: 'User name', password: 'Password', submit: 'Log in' },
} as const

/** the console in `lang`, logged in as the organiser of DEMO, at `path` (below /admin) */
export async function openConsole(page: Page, lang: keyof typeof LOGIN_TEXTS, path: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('console.lang', l), lang)
  await page.goto('/admin/')
  await consoleLogin(page, ORGANISER, LOGIN_TEXTS[lang])
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await page.goto(`/admin${path}`)
}

/** an antd Select of a list's filters by its label, then one of its options */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('search').getByRole('combobox', { name: label }).click()
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click()
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(staffLogin.path, { data: ADMIN })
  return ((await login.json()) as { data: { token: string } }).data.token
}

/**
 * A new approved attendee of DEMO, added by the administrator and logged in by a code to their
 * mobile; answers their session token. A spec that changes an attendee for good (a check-in)
 * adds its own, so the seeded ones stay as other specs expect them.
 */
export async function newAttendee(request: APIRequestContext, who: { name: string; mobile: string }): Promise<string> {
  const person = { eventCode: 'DEMO', userCode: '', name: who.name, mobile: who.mobile, email: '', company: '', userType: 'attendee', status: 'approved' }
  const saved = await request.post(saveAttendee.path, { data: person, headers: { authorization: await adminToken(request) } })
  expect(((await saved.json()) as { msgId: string }).msgId).toBe('')
  await pastResendWait(request)
  const sent = await request.post(sendLoginCode.path, { data: { channel: 'sms', mobile: who.mobile, eventCode: 'DEMO' } })
  expect(((await sent.json()) as { msgId: string }).msgId).toBe('')
  const code = await latestCode(request, who.mobile)
  const login = await request.post(guestLogin.path, { data: { loginType: 'mobile', eventCode: 'DEMO', mobile: who.mobile, code } })
  const body = (await login.json()) as { msgId: string; data: { token: string } }
  expect(body.msgId).toBe('')
  return body.data.token
}

/** a new attendee's attendance code (the token a desk scans) */
export async function attendanceToken(request: APIRequestContext, who: { name: string; mobile: string }): Promise<string> {
  const token = await newAttendee(request, who)
  const code = await request.post(getAttendanceCode.path, { data: {}, headers: { authorization: token } })
  return ((await code.json()) as { data: { token: string } }).data.token
}

/** the check-ins the server holds of the attendee with that attendance code, as DEMO's desk snapshot lists them */
export async function checkinsOf(request: APIRequestContext, attendanceCode: string): Promise<DeskCheckin[]> {
  const staff = await request.post(staffLogin.path, { data: ORGANISER })
  const staffToken = ((await staff.json()) as { data: { token: string } }).data.token
  const snap = await request.post(getDeskSnapshot.path, { data: { eventCode: 'DEMO' }, headers: { authorization: staffToken } })
  const s = ((await snap.json()) as { data: DeskSnapshot }).data
  const who = s.attendees.find((x) => x.token === attendanceCode)!
  return s.checkins.filter((c) => c.userCode === who.userCode)
}

/** a code typed into the check-in desk's field, then Enter (as a hardware scanner does) */
export async function deskScan(page: Page, lang: keyof typeof LOGIN_TEXTS, code: string): Promise<void> {
  const field = page.getByLabel(lang === 'en' ? 'Attendance code' : '参会码', { exact: true })
  await field.fill(code)
  await field.press('Enter')
}
