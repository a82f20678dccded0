import { test, expect } from '@playwright/test'
import fs from 'fs'
import { loginWithPassword } from './support'

/**
 * How the H5 pages load: index.html preloads the chunks of the page a visit starts on,
 * and a visit that opens on the train results starts the search at launch (src/lib/early.ts):
 * the page takes that answer, so the search is asked once, and the filter sheet, loaded on first
 * use, still opens and filters.
 */
const Q = 'ehc=demo&ec=DEMO'
const RAILWAY = { account: 'demo12306', password: 'Rail@2026' }
const SHOTS = '/work/shots/h5'
const SEARCH_PATH = '/api/biz/tmcTrain/queryTrainTicket'

test('the train results opened straight from a link: one search, the trains, the filter sheet', async ({ page }) => {
  await loginWithPassword(page)
  await page.goto(`/pages/trainTicket/trainTicketLogin/index?${Q}`)
  await page.locator('.text-field--railwayAccount input').fill(RAILWAY.account)
  await page.locator('.text-field--railwayPassword input').fill(RAILWAY.password)
  await page.locator('.agree-check__box').click()
  await page.locator('.railway-login__submit').click()
  await expect(page).toHaveURL(/homePage/)

  const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10)
  const searches: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith(SEARCH_PATH)) searches.push(req.postData() ?? '')
  })
  await page.goto(`/pages/trainTicket/searchTicketList/index?${Q}&from=AOH&to=BJP&date=${tomorrow}`)
  await expect(page.locator('.train-row').first()).toBeVisible()
  await expect(page.locator('.train-list__count')).toContainText('趟车次')
  // the page joined the search the app started at launch instead of sending its own
  expect(searches).toHaveLength(1)
  expect(JSON.parse(searches[0])).toMatchObject({ fromStationCode: 'AOH', toStationCode: 'BJP', date: tomorrow })
  // index.html named this page's chunks for preloading
  const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href') ?? ''))
  expect(preloads.some((href) => /^\/js\/.+\.js$/.test(href))).toBe(true)

  await page.locator('.train-list__filter').click()
  await expect(page.locator('.filter-panel__sheet')).toBeVisible()
  if (fs.existsSync(SHOTS)) await page.screenshot({ path: `${SHOTS}/filter-sheet-zh.png` })
  await page.locator('.filter-panel__chip--trainTypes', { hasText: /^G / }).click()
  await page.locator('.filter-panel__apply').click()
  await expect(page.locator('.train-list__filter')).toHaveText('筛选 (1)')
  expect(searches).toHaveLength(1)
})
