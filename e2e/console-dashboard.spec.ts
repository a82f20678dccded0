import { test, expect, type Page } from '@playwright/test'
import { DASHBOARD_RULES } from '../contracts/admin/dashboard-rules'
import { checkIn } from '../contracts/calls/eventday'
import { checkinUrl } from '../contracts/checkin'
import { loadConfig } from '../server/src/config'
import { checkinCode } from '../server/src/eventday/rules/checkin-sign'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { ORGANISER, consoleLogin, newAttendee, shot } from './console-support'

/**
 * The live dashboard, in Chinese and English: the organiser opens it, an attendee added for the test
 * checks themselves in at the MAIN point through the attendee app's check-in call, and the
 * dashboard's counts move by one at its next refresh (DASHBOARD_RULES.refreshMs, 15 s: waited
 * for as it is, no shorter interval for tests), without the page being reloaded. axe on the page.
 */
test.use({ viewport: { width: 1280, height: 900 } })

const TEXTS = {
  zh: { userName: '用户名', password: '密码', submit: '登录', title: '实时看板：DEMO', checkedIn: '已签到', byPoint: '按签到点', point: '主会场入口' },
  en: {
    userName: 'User name',
    password: 'Password',
    submit: 'Log in',
    title: 'Live dashboard: DEMO',
    checkedIn: 'Checked in',
    byPoint: 'By check-in point',
    point: 'Main hall entrance',
  },
} as const
type Lang = keyof typeof TEXTS

const ARRIVING = { zh: { name: '看板测试', mobile: '13700003101' }, en: { name: 'Dash Tester', mobile: '13700003102' } } as const

const count = (page: Page, key: string) => page.getByTestId(`dashboard-${key}`).locator('.ant-statistic-content-value')

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`${lang}: the dashboard counts an attendee who checks in, at its next refresh, without a reload`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000)
    const t = TEXTS[lang]
    const token = await newAttendee(request, ARRIVING[lang])

    await page.addInitScript((l) => localStorage.setItem('console.lang', l), lang)
    await page.goto('/admin/')
    await consoleLogin(page, ORGANISER, t)
    await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
    await page.goto('/admin/events/DEMO/dashboard')
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible()
    await expect(count(page, 'checkedIn')).toHaveText(/^\d+$/)
    const before = Number(await count(page, 'checkedIn').textContent())
    const pointRow = page.getByRole('row').filter({ hasText: t.point })
    const pointBefore = Number(await pointRow.getByRole('cell').last().textContent())
    await expectNoSeriousAxeViolations(page, `dashboard (${lang})`)
    await shot(page, `dashboard-before-${lang}`)

    // a mark on the window: it is gone if the page is loaded again
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const code = checkinCode(loadConfig({}).codeHashSecret, 'demo', 'MAIN')
    const scan = await request.post(checkIn.path, {
      data: { text: checkinUrl(baseURL!, { eventHashCode: 'demo', eventCode: 'DEMO' }, code), idempotencyKey: `dashboard-${lang}-${Date.now()}` },
      headers: { authorization: token },
    })
    expect(((await scan.json()) as { msgId: string }).msgId).toBe('')

    await expect(count(page, 'checkedIn')).toHaveText(String(before + 1), { timeout: DASHBOARD_RULES.refreshMs + 10_000 })
    await expect(pointRow.getByRole('cell').last()).toHaveText(String(pointBefore + 1))
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    // the arrivals as bars, and their table for screen readers
    await expect(page.locator('figure canvas').first()).toBeVisible()
    await expect(page.locator('figure table caption').first()).toBeAttached()
    await expect(page.locator('figure [role="img"]').first()).toHaveAttribute('aria-label', /.+/)
    await expectNoSeriousAxeViolations(page, `dashboard after a check-in (${lang})`)
    await shot(page, `dashboard-after-${lang}`)
  })
}
