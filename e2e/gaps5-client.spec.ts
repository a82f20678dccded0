import { test, expect, type Page } from '@playwright/test'
import { COLLEAGUE, DEMO, agree, chooseMode, fill, latestCode, submit } from './support'

/**
 * Session 5 gaps of helper "client": a guest who opens a protected page by a link lands on login
 * and, once logged in, on that page with its parameters (and "back" does not show login again).
 */
const Q = 'ehc=demo&ec=DEMO'
const SHOTS = '/work/shots/client5'

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined)
}

test.use({ viewport: { width: 375, height: 812 } })

test.describe('login comes back to the page that asked for it', () => {
  test('zh: a deep link to the train results → login by password → the results with their query; back does not show login', async ({ page }) => {
    await page.goto(`/?${Q}`)
    const results = `/pages/trainTicket/searchTicketList/index?${Q}&from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&toName=${encodeURIComponent('北京南')}&date=2026-12-01`
    await page.goto(results)
    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO&back=trainSearchTicketList&backQuery=/)
    await expect(page.locator('.login-form__submit')).toBeVisible()
    await shot(page, 'login-return-zh')
    await chooseMode(page, 'account')
    await fill(page, 'userName', DEMO.userName)
    await fill(page, 'password', DEMO.password)
    await agree(page)
    await submit(page)
    await page.waitForURL(/searchTicketList\/index\?ehc=demo&ec=DEMO&/)
    const url = new URL(page.url())
    expect(url.searchParams.get('from')).toBe('AOH')
    expect(url.searchParams.get('to')).toBe('VNP')
    expect(url.searchParams.get('fromName')).toBe('上海虹桥')
    expect(url.searchParams.get('toName')).toBe('北京南')
    expect(url.searchParams.get('date')).toBe('2026-12-01')
    await shot(page, 'login-returned-zh')
    await page.goBack()
    await expect(page).not.toHaveURL(/\/login/)
  })

  test('en: a microsite page for attendees → login by SMS code → that page, in English', async ({ page, request }) => {
    await page.goto(`/pages/Sudoku_1/detail?${Q}&page=lounge`)
    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO&back=micrositeDetail&backQuery=page%3Dlounge/)
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.login-form__submit')).toContainText('Log in')
    await shot(page, 'login-return-en')
    await chooseMode(page, 'mobile')
    await fill(page, 'mobile', COLLEAGUE.mobile)
    await page.locator('.login-form__code-btn').click()
    await fill(page, 'code', await latestCode(request, COLLEAGUE.mobile))
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/detail\?ehc=demo&ec=DEMO&page=lounge/)
    await expect(page.locator('.ms-section__title')).toHaveText('Welcome to the attendee lounge')
    await shot(page, 'login-returned-en')
  })

  test('a back that is not one of the app\'s pages is ignored: home', async ({ page }) => {
    await page.goto(`/pages/pagesUser/login/login?${Q}&back=${encodeURIComponent('https://evil.example/')}`)
    await chooseMode(page, 'account')
    await fill(page, 'userName', DEMO.userName)
    await fill(page, 'password', DEMO.password)
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/home/)
  })
})
