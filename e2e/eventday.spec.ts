import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { checkinUrl } from '../contracts/checkin'
import { loadConfig } from '../server/src/config'
import { checkinCode } from '../server/src/eventday/rules/checkin-sign'
import { expectToast, loginWithPassword } from './support'

/**
 * Event day as an attendee goes through it: the home in its three time states, check-in
 * by typing the code and by a picked photo of the poster's QR code, the attendance code read back
 * from a screenshot with a standard decoder, the schedule with the network cut off after the first
 * load, the .ics file parsed back, and every info page in both languages (screenshots in
 * /work/shots/eventday when that folder exists, else in the test's output).
 */
const SHOTS = fs.existsSync('/work/shots') ? '/work/shots/eventday' : ''
const shot = async (page: Page, name: string) => {
  const file = SHOTS ? path.join(SHOTS, `${name}.png`) : test.info().outputPath(`${name}.png`)
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: file, fullPage: true })
}
// the server signs with its CODE_HASH_SECRET: the dev one in this test's server, like here
const SECRET = loadConfig({}).codeHashSecret
const DEMO_CODE = checkinCode(SECRET, 'demo', 'MAIN')
const switchLanguage = (page: Page) => page.locator('.language-switch:visible').click()

test.use({ viewport: { width: 375, height: 812 } })

test.describe('the home in its time states', () => {
  test('in progress: the configured entries, in Chinese and English', async ({ page }) => {
    await loginWithPassword(page)
    await expect(page.locator('.event-status__label')).toHaveText('会议进行中')
    await expect(page.locator('.home-entries__label')).toHaveCount(13)
    await expect(page.locator('.home-entries__label').first()).toHaveText('会议日程')
    await shot(page, 'home-zh')
    await switchLanguage(page)
    await expect(page.locator('.home-entries__label').first()).toHaveText('Schedule')
    await shot(page, 'home-en')
    // colleagues open on the home itself: names and roles only
    await page.locator('.home-entries__item--colleagues').click()
    await expect(page.locator('.colleague-list__row')).toHaveCount(2)
    await expect(page.locator('.colleague-list__row').first()).toContainText('Li Lei')
    await expect(page.locator('.colleague-list__row').first()).toContainText('Guest')
  })

  test('before the start: the countdown and "conference website not started yet"', async ({ page }) => {
    await loginWithPassword(page, '/?ehc=soon&ec=SOON')
    await expect(page.locator('.event-status__countdown')).toContainText(/\d+天/)
    await expect(page.locator('.home-entries__notice')).toHaveText('会议网站尚未开始')
    // the door's entries wait for the day; travel and information do not
    await expect(page.locator('.home-entries__item--checkin')).toHaveCount(0)
    await expect(page.locator('.home-entries__item--travel')).toHaveCount(1)
    await shot(page, 'home-countdown-zh')
  })

  test('ended: the entry link goes to the event-end page', async ({ page }) => {
    await page.goto('/?ehc=past&ec=PAST')
    await expect(page).toHaveURL(/\/eventEnd/)
    await shot(page, 'event-end-zh')
  })
})

test.describe('check-in', () => {
  test('by typing the code: spec §5 messages first, then checked in, then "already"', async ({ page }) => {
    await loginWithPassword(page)
    await page.locator('.home-entries__item--checkin').click()
    await expect(page).toHaveURL(/\/signIndex/)
    await expect(page.locator('.checkin-panel__state')).toHaveText('尚未签到')
    const type = async (text: string) => {
      const input = page.locator('.text-field--checkin-code input')
      await input.fill(text)
      await page.locator('.checkin-panel__submit').click()
    }
    await type('')
    await expectToast(page, '扫码结果为空，请重新扫描')
    await type('https://example.com/hello')
    await expectToast(page, '无法识别的二维码地址')
    await type('MAIN-AAAAAAAAAA')
    await expectToast(page, '非法二维码')
    await type(DEMO_CODE)
    await expectToast(page, '签到成功')
    await expect(page.locator('.checkin-panel__state')).toHaveText('已签到')
    await expect(page.locator('.checkin-panel__when')).toContainText('主会场入口')
    await shot(page, 'checkin-done-zh')
    await type(DEMO_CODE)
    await expectToast(page, /您已于 .* 签到/)
  })

  test('by a picked photo of the poster', async ({ page, baseURL }) => {
    // the colleague, so the demo attendee's check-in above does not matter
    await loginWithPassword(page, undefined, { userName: 'lilei', password: 'Lilei@2026' })
    const poster = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eventday-')), 'poster.png')
    await QRCode.toFile(poster, checkinUrl(baseURL!, { eventHashCode: 'demo', eventCode: 'DEMO' }, DEMO_CODE), { width: 600 })
    // the switch is on the home; the language is kept for every page
    await switchLanguage(page)
    await expect(page.locator('.home-entries__label').first()).toHaveText('Schedule')
    await page.goto('/signIndex?ehc=demo&ec=DEMO')
    const chooser = page.waitForEvent('filechooser')
    await page.locator('.checkin-panel__pick').click()
    await (await chooser).setFiles(poster)
    await expectToast(page, 'Checked in')
    await expect(page.locator('.checkin-panel__state')).toHaveText('Checked in')
    await shot(page, 'checkin-photo-en')
  })
})

test('the attendance code decodes from a screenshot, and stays on screen offline', async ({ page, context }) => {
  await loginWithPassword(page)
  await page.locator('.home-entries__item--attendanceCode').click()
  const qr = page.locator('.attendance-card .qr-code')
  await expect(qr).toBeVisible()
  const token = (await page.locator('.attendance-card__token').textContent())!.trim()
  expect(token).toMatch(/^ATT-[A-Z2-7]{12}$/)
  const png = PNG.sync.read(await page.screenshot({ fullPage: false }))
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(decoded?.data).toBe(token)
  await shot(page, 'attendance-code-zh')
  // offline, opened again from the home: the copy seen once
  await page.goBack()
  await context.setOffline(true)
  await page.locator('.home-entries__item--attendanceCode').click()
  await expect(page.locator('.attendance-card__token')).toHaveText(token)
  await expect(page.locator('.attendance-card__hint')).toHaveText(/^离线显示：\d{2}-\d{2} \d{2}:\d{2} 加载的参会码$/)
  await context.setOffline(false)
})

test('the schedule by day and track, offline after the first load, and its .ics file', async ({ page, context }) => {
  await loginWithPassword(page)
  await page.locator('.home-entries__item--schedule').click()
  await expect(page.locator('.schedule__session').first()).toBeVisible()
  const days = page.locator('.schedule__days .ed-chip')
  expect(await days.count()).toBe(3)
  const firstTitle = (await page.locator('.schedule__title').first().textContent())!.trim()
  await shot(page, 'schedule-zh')
  await days.nth(1).click()
  await expect(page.locator('.schedule__session').first()).toBeVisible()
  // the .ics of the first session, parsed back
  const download = page.waitForEvent('download')
  await page.locator('.schedule__calendar').first().click()
  const file = await (await download).path()
  const ics = fs.readFileSync(file!, 'utf8')
  const unfolded = ics.replace(/\r\n[ \t]/g, '')
  expect(unfolded).toMatch(/^BEGIN:VCALENDAR/)
  expect(unfolded).toMatch(/BEGIN:VEVENT[\s\S]*END:VEVENT/)
  expect(unfolded).toMatch(/DTSTART:\d{8}T\d{6}Z/)
  const summary = /SUMMARY:(.*)/.exec(unfolded)![1].trim()
  await expect(page.locator('.schedule__title').first()).toHaveText(summary)
  // network cut: the schedule opened again from the home is the one loaded before
  await page.goBack()
  await context.setOffline(true)
  await page.locator('.home-entries__item--schedule').click()
  await expect(page.locator('.schedule__title').first()).toHaveText(firstTitle)
  await expect(page.locator('.home-entries__offline')).toHaveText(/^离线显示：\d{2}-\d{2} \d{2}:\d{2} 加载的日程$/)
  await shot(page, 'schedule-offline-zh')
  await context.setOffline(false)
})

test.describe('info pages in both languages', () => {
  // orders: the list says it is empty, or ends with "no more" or "load more" once it has rows (other
  // specs book trains and flights as the demo attendee on the same server)
  const PAGES: Array<[string, string, string | RegExp, string | RegExp]> = [
    ['activityInfo', '/activityInfo?ehc=demo&ec=DEMO', '2026 全球开发者大会为期三天', 'runs for three days'],
    ['contactUs', '/contactUsIndex?ehc=demo&ec=DEMO', '会务组 王老师', 'Ms Wang, conference office'],
    ['tableNum', '/tableNumIndex?ehc=demo&ec=DEMO', '8 号桌', 'Table 8'],
    ['design', '/designIndex?ehc=demo&ec=DEMO', '参会指南', 'Attendee guide'],
    ['customTemp', '/customTempIndex?ehc=demo&ec=DEMO', '晚宴安排', 'Conference dinner'],
    ['travel', '/travel?ehc=demo&ec=DEMO', '差旅标准', 'Travel policy'],
    ['orders', '/travel?ehc=demo&ec=DEMO&tab=orders', /暂无订单|没有更多了|加载更多/, /No orders yet|No more orders|Load more/],
    ['feedback', '/feedback?ehc=demo&ec=DEMO', '反馈内容', 'Your feedback'],
  ]
  for (const [name, url, zh, en] of PAGES) {
    test(name, async ({ page }) => {
      await loginWithPassword(page)
      await page.goto(url)
      await expect(page.getByText(zh).first()).toBeVisible()
      await shot(page, `${name}-zh`)
      // the switch is on the home; the language is kept for every page
      await page.goto('/home?ehc=demo&ec=DEMO')
      await switchLanguage(page)
      await expect(page.locator('.home-entries__label').first()).toHaveText('Schedule')
      await page.goto(url)
      await expect(page.getByText(en).first()).toBeVisible()
      await shot(page, `${name}-en`)
    })
  }

  test('the venue opens /open-location from the contacts page', async ({ page }) => {
    await page.goto('/contactUsIndex?ehc=demo&ec=DEMO')
    await page.locator('.venue-card__map').click()
    await expect(page).toHaveURL(/\/open-location\?.*latitude=31\.2397/)
    await expect(page.locator('.location-page__name')).toHaveText('上海国际会议中心')
    await shot(page, 'open-location-zh')
  })

  test('feedback: bad input keeps what was typed; then sent', async ({ page }) => {
    await loginWithPassword(page)
    await page.goto('/feedback?ehc=demo&ec=DEMO')
    await page.locator('.feedback-form__content textarea').fill('会场 Wi-Fi 太慢了')
    await page.locator('.text-field--feedback-contact input').fill('12345')
    await page.locator('.feedback-form__submit').click()
    await expectToast(page, '请填写正确的手机号码或邮箱')
    await expect(page.locator('.feedback-form__content textarea')).toHaveValue('会场 Wi-Fi 太慢了')
    await page.locator('.text-field--feedback-contact input').fill('13800138000')
    await page.locator('.feedback-form__submit').click()
    await expectToast(page, '提交成功，感谢您的反馈')
    await expect(page.locator('.feedback-form__content textarea')).toHaveValue('')
  })
})
