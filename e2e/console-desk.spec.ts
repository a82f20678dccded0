import { test, expect, type Browser, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { ORGANISER, attendanceToken, checkinsOf, consoleLogin, deskScan as scan, shot } from './console-support'

/**
 * The check-in desk on two staff phones, in Chinese and English: desk B goes offline, desk A checks
 * the attendee in, then desk B scans the same attendance code (answered on the phone from its list:
 * checked in) and queues it. Back online, B's queue syncs: the server holds one check-in, A's, and B
 * is told that another desk checked them in earlier. axe on both desks.
 */
test.use({ viewport: { width: 390, height: 844 } })

const TEXTS = {
  zh: { userName: '用户名', password: '密码', submit: '登录', notice: '其他签到台更早签到' },
  en: { userName: 'User name', password: 'Password', submit: 'Log in', notice: 'another desk checked them in earlier' },
} as const
type Lang = keyof typeof TEXTS
/** one new attendee per language: a check-in cannot be undone, and other specs check the seeded ones in */
const ATTENDEES = { zh: { name: '签到台测试', mobile: '13700003201' }, en: { name: 'Desk Tester', mobile: '13700003202' } } as const

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

    expect(await checkinsOf(request, token)).toHaveLength(1)
    await a.context().close()
    await b.context().close()
  })
}
