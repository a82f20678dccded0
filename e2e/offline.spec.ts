import fs from 'node:fs'
import path from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import { DEMO, loginWithPassword } from './support'

/**
 * Through a dropped connection, with the H5 service worker running (src/service-worker/sw.ts):
 * pages reloaded with no network come from the worker, and show the attendance code, the schedule
 * and the home entries as last loaded, with when; the entry page says it cannot open the event and
 * opens it on retry once the network is back (screenshots in /work/shots/offline when that folder
 * exists, else in the test's output).
 */
test.use({ serviceWorkers: 'allow' })

const SHOTS = fs.existsSync('/work/shots') ? '/work/shots/offline' : ''
const shot = async (page: Page, name: string) => {
  const file = SHOTS ? path.join(SHOTS, `${name}.png`) : test.info().outputPath(`${name}.png`)
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: file, fullPage: true })
}

/** the worker is registered after the page's load and takes the page once active */
async function workerInCharge(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 30_000 }).toBe(true)
}

const ZH_TIME = String.raw`\d{2}-\d{2} \d{2}:\d{2}`
const EN_TIME = String.raw`\d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}`

test('reloaded with no network: the attendance code, the schedule and home as last loaded, with when; the entry page offers a retry', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await loginWithPassword(page)
  await workerInCharge(page)

  // seen once online: the app keeps the answers, the worker the pages' files
  await page.locator('.home-entries__item--attendanceCode').click()
  await expect(page.locator('.attendance-card__token')).toHaveText(/^ATT-/)
  const token = (await page.locator('.attendance-card__token').textContent())!.trim()
  const attendanceUrl = page.url()
  await page.goBack()
  await page.locator('.home-entries__item--schedule').click()
  await expect(page.locator('.schedule__session').first()).toBeVisible()
  const firstTitle = (await page.locator('.schedule__title').first().textContent())!.trim()
  const scheduleUrl = page.url()
  await page.goBack()
  const homeUrl = page.url()

  await context.setOffline(true)
  await page.goto(attendanceUrl)
  await expect(page.locator('.attendance-card__token')).toHaveText(token)
  await expect(page.locator('.attendance-card__hint')).toHaveText(new RegExp(`^离线显示：${ZH_TIME} 加载的参会码$`))
  await shot(page, 'attendance-code-reloaded-offline-zh')

  await page.goto(scheduleUrl)
  await expect(page.locator('.schedule__title').first()).toHaveText(firstTitle)
  await expect(page.locator('.home-entries__offline')).toHaveText(new RegExp(`^离线显示：${ZH_TIME} 加载的日程$`))
  await shot(page, 'schedule-reloaded-offline-zh')

  await page.goto(homeUrl)
  await expect(page.locator('.home-entries__offline')).toHaveText(new RegExp(`^网络不可用，显示的是 ${ZH_TIME} 加载的内容$`))
  await expect(page.locator('.home-entries__item--attendanceCode')).toBeVisible()
  await shot(page, 'home-reloaded-offline-zh')

  // the event's link with no network: said at once, with a way to try again
  await page.goto(DEMO.entry)
  await expect(page.locator('.notice__text')).toHaveText('网络不可用，会议暂时无法打开。连上网络后请重试')
  await shot(page, 'entry-offline-zh')
  await context.setOffline(false)
  await page.locator('.notice__action').click()
  await expect(page).toHaveURL(/\/home/)
})

test('in English, reloaded with no network: the attendance code and the entry page', async ({ page, context }) => {
  test.setTimeout(120_000)
  await loginWithPassword(page)
  await workerInCharge(page)
  await page.locator('.language-switch:visible').click()
  await expect(page.locator('.home-entries__item--attendanceCode')).toContainText(/attendance/i)
  await page.locator('.home-entries__item--attendanceCode').click()
  await expect(page.locator('.attendance-card__token')).toHaveText(/^ATT-/)
  const attendanceUrl = page.url()

  await context.setOffline(true)
  await page.goto(attendanceUrl)
  await expect(page.locator('.attendance-card__hint')).toHaveText(new RegExp(`^Offline: the attendance code as loaded at ${EN_TIME}$`))
  await shot(page, 'attendance-code-reloaded-offline-en')
  await page.goto(DEMO.entry)
  await expect(page.locator('.notice__text')).toHaveText('No network: the event cannot be opened now. Try again once you are connected')
  await shot(page, 'entry-offline-en')
  await context.setOffline(false)
})
