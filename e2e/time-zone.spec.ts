import { expect, test } from '@playwright/test'
import { loginWithPassword } from './support'

/**
 * A phone set to New York opens the demo event (in Asia/Shanghai): home and the schedule show the
 * event's own times, 09:00 where the event is, labelled 北京时间 / Beijing time, in both languages.
 */
test.use({ timezoneId: 'America/New_York' })

const shot = (page: import('@playwright/test').Page, name: string) => page.screenshot({ path: `test-results/time-zone-${name}.png`, fullPage: true })
const switchLanguage = (page: import('@playwright/test').Page) => page.locator('.language-switch:visible').click()

test('home and the schedule in Beijing time, labelled, on a phone in New York', async ({ page }) => {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York')
  await loginWithPassword(page)
  const time = page.locator('.event-header__value').first()
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} – .+ 北京时间$/)
  await shot(page, 'home-zh')
  await page.locator('.home-entries__item--schedule').click()
  await expect(page.locator('.schedule__time').first()).toHaveText(/^\d{2}:\d{2}–\d{2}:\d{2} 北京时间$/)
  await shot(page, 'schedule-zh')
  // the language is switched on home (the schedule has no switch of its own)
  await page.goBack()
  await switchLanguage(page)
  await expect(page.locator('.event-header__value').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} – .+ Beijing time$/)
  await shot(page, 'home-en')
  await page.locator('.home-entries__item--schedule').click()
  await expect(page.locator('.schedule__time').first()).toHaveText(/^\d{2}:\d{2}–\d{2}:\d{2} Beijing time$/)
  await shot(page, 'schedule-en')
})

test('a phone in China sees the same times without a label', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await loginWithPassword(page)
  await expect(page.locator('.event-header__value').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} – [\d: -]+$/)
  await context.close()
})

test('"my registration" gives the edit deadline on the event’s clock, labelled, on a phone in New York', async ({ page }) => {
  await loginWithPassword(page)
  await page.goto('/pages/pagesUser/form/form?ehc=demo&ec=DEMO')
  await expect(page.locator('.reg-edit__until')).toHaveText(/^可修改至 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 北京时间$/)
  await shot(page, 'registration-until-zh')
})
