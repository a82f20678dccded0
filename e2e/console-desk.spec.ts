import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { getDeskSnapshot, type DeskSnapshot } from '../contracts/admin/desk'
import { staffLogin } from '../contracts/admin/staff'
import { getAttendanceCode } from '../contracts/calls/eventday'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { ORGANISER, consoleLogin, newAttendee, shot } from './console-support'

/**
 * The check-in desk on two staff phones, in Chinese and English: desk B goes offline, desk A checks
 * the attendee in, then desk B scans the same attendance code (answered on the phone from its list:
 * checked in) and queues it. Back online, B's queue syncs: the server holds one check-in, A's, and B
 * is told that another desk checked them in earlier. axe on both desks.
 */
test.use({ viewport: { width: 390, height: 844 } })

const TEXTS = {
  zh: { userName: '用户名', password: '密码', submit: '登录', code: '参会码', notice: '其他签到台更早签到' },
  en: { userName: 'User name', password: 'Password', submit: 'Log in', code: 'Attendance code', notice: 'another desk checked them in earlier' },
} as const
type Lang = keyof typeof TEXTS
/** one new attendee per language: a check-in cannot be undone, and other specs check the seeded ones in */
const ATTENDEES = { zh: { name: '签到台测试', mobile: '13700003201' }, en: { name: 'Desk Tester', mobile: '13700003202' } } as const

async function attendanceToken(request: APIRequestContext, who: { name: string; mobile: string }): Promise<string> {
  const token = await newAttendee(request, who)
  const code = await request.post(getAttendanceCode.path, { data: {}, headers: { authorization: token } })
  return ((await code.json()) as { data: { token: string } }).data.token
}

async function openDesk(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.addInitScript((l) => localStorage.setItem('console.lang', l), lang)
  await page.goto('/admin/')
  await consoleLogin(page, ORGANISER, TEXTS[lang])
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await page.goto('/admin/events/DEMO/desk')
  await expect(page.getByTestId('desk-status')).toBeVisible()
  return page
}

async function scan(page: Page, lang: Lang, token: string) {
  await page.getByLabel(TEXTS[lang].code, { exact: true }).fill(token)
  await page.getByLabel(TEXTS[lang].code, { exact: true }).press('Enter')
}

for (const lang of ['zh', 'en'] as const) {
  test(`two desks check in one attendee, one of them offline (${lang})`, async ({ browser, request }) => {
    const token = await attendanceToken(request, ATTENDEES[lang])
    const a = await openDesk(browser, lang)
    const b = await openDesk(browser, lang)
    await b.context().setOffline(true)

    await scan(a, lang, token)
    await expect(a.getByTestId('desk-answer')).toHaveAttribute('data-kind', 'checkedIn')
    await expect(a.getByTestId('desk-queued')).toHaveAttribute('data-count', '0')
    await shot(a, `desk-a-checked-in-${lang}`)
    await expectNoSeriousAxeViolations(a, `desk A (${lang})`)

    await scan(b, lang, token)
    await expect(b.getByTestId('desk-answer')).toHaveAttribute('data-kind', 'checkedIn')
    await expect(b.getByTestId('desk-queued')).toHaveAttribute('data-count', '1')
    await shot(b, `desk-b-offline-${lang}`)
    await expectNoSeriousAxeViolations(b, `desk B offline (${lang})`)

    await b.context().setOffline(false)
    await expect(b.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 15_000 })
    await expect(b.getByTestId('desk-notices')).toContainText(TEXTS[lang].notice)
    await expect(b.getByTestId('desk-answer')).toHaveAttribute('data-kind', /already|earlierWon/)
    await shot(b, `desk-b-told-${lang}`)
    await expectNoSeriousAxeViolations(b, `desk B told (${lang})`)

    // the server holds one check-in of the attendee
    const staff = await request.post(staffLogin.path, { data: ORGANISER })
    const staffToken = ((await staff.json()) as { data: { token: string } }).data.token
    const snap = await request.post(getDeskSnapshot.path, { data: { eventCode: 'DEMO' }, headers: { authorization: staffToken } })
    const s = ((await snap.json()) as { data: DeskSnapshot }).data
    const who = s.attendees.find((x) => x.token === token)!
    expect(s.checkins.filter((c) => c.userCode === who.userCode)).toHaveLength(1)
    await a.context().close()
    await b.context().close()
  })
}
