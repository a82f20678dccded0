/**
 * Forms, check-in and the schedule as an attendee meets them, in Chinese and in English: the air
 * refund form survives a reload mid-form (and is cleared once sent); a guest who opens a check-in
 * poster's link logs in and is checked in without scanning again; sessions of /schedule that take
 * sign-ups are signed up for and given back; a failed registration submit brings the first
 * problem into view; on H5 outside WeChat the live camera reads a poster's code (Chromium's fake
 * camera playing a QR code) and a refused camera falls back to a photo. Screenshots go to
 * /work/shots/forms-checkin-schedule/ (or E2E_SHOTS).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, test, expect, type Page } from '@playwright/test'
import { PNG } from 'pngjs'
import QRCode from 'qrcode'
import { checkIn } from '../contracts/calls/eventday'
import { checkinUrl } from '../contracts/checkin'
import { loadConfig } from '../server/src/config'
import { checkinCode } from '../server/src/eventday/rules/checkin-sign'
import { bookOrder, tokenOf } from './air-support'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'
import { COLLEAGUE, DEMO, agree, chooseMode, fill, loginWithPassword, submit } from './support'

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/forms-checkin-schedule'
fs.mkdirSync(SHOTS, { recursive: true })

const shot = async (page: Page, name: string) => {
  // what the page shows, not a toast passing over it
  await expect(page.locator('.taro__toast *').locator('visible=true'))
    .toHaveCount(0, { timeout: 5000 })
    .catch(() => undefined)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}
const toEnglish = (page: Page) => page.locator('.language-switch:visible').first().click()
/** the app's persisted store, as the device keeps it */
const stored = (page: Page) =>
  page.evaluate(() => {
    // Taro's H5 storage wraps each value: { data: <what setStorageSync was given> }
    const outer = JSON.parse(localStorage.getItem('attendee-app') ?? '{}')
    const inner = typeof outer.data === 'string' ? JSON.parse(outer.data) : outer
    return inner.state ?? {}
  })

const TEXT = {
  zh: { voluntary: '自愿', ok: '确定', checkedIn: '已签到', signUp: '报名', cancelSignup: '取消报名', signedUp: '已报名' },
  en: { voluntary: 'Voluntary', ok: 'OK', checkedIn: 'Checked in', signUp: 'Sign up', cancelSignup: 'Cancel sign-up', signedUp: 'Signed up' },
}

test.beforeAll(async ({ request }) => {
  // tickets drawn at once: the flows here start from a ticketed order
  await request.post('/dev/airline', {
    data: { issueOutcome: 'issue', issueDelayMs: 0, refundOutcome: 'accept', changeOutcome: 'accept', afterSaleDelayMs: 3000 },
  })
})

for (const lang of ['zh', 'en'] as const) {
  const t = TEXT[lang]

  test(`${lang}: the air refund form keeps what was typed through a reload, and forgets it once sent`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const orderId = await bookOrder(request, await tokenOf(request), 14, true)
    await loginWithPassword(page)
    if (lang === 'en') await toEnglish(page)
    await page.goto(`/pages/airTicket/dishonoredBill/index?ehc=demo&ec=DEMO&orderId=${orderId}`)
    await page.locator('.air-route__item').first().click()
    await page.locator('.air-choice__item:not(.air-route__item)').first().click()
    await page.locator('.air-reason__type--voluntary').click()
    await page.locator('.air-reason__reason--other').click()
    const words = lang === 'zh' ? '会议改期，行程取消' : 'The meeting moved'
    await page.locator('.air-reason__text textarea').fill(words)
    await expect(page.locator('.air-estimate__amount')).toHaveText(/^¥[\d,.]+$/)

    await page.reload()
    // everything typed is back: route, refunder, type, reason and the words
    await expect(page.locator('.air-route__item[aria-checked="true"]')).toHaveCount(1)
    await expect(page.locator('.air-choice__item:not(.air-route__item)[aria-checked="true"]')).toHaveCount(1)
    await expect(page.locator('.air-reason__type.is-on')).toHaveText(t.voluntary)
    await expect(page.locator('.air-reason__reason--other.is-on')).toBeVisible()
    await expect(page.locator('.air-reason__text textarea')).toHaveValue(words)
    await expect(page.locator('.air-estimate__amount')).toHaveText(/^¥[\d,.]+$/)
    await shot(page, `${lang}-1-refund-after-reload`)

    await page.locator('.air-refund__submit').click()
    await page.locator('.taro-modal__foot').getByText(t.ok, { exact: true }).click()
    await expect(page).toHaveURL(/airOrderDetails/)
    expect((await stored(page)).airAfterSalesDraft).toBeNull()
  })

  test(`${lang}: a guest opens a check-in poster's link, logs in, and is checked in without scanning again`, async ({ page, baseURL }) => {
    const code = checkinCode(loadConfig({}).codeHashSecret, 'demo', 'MAIN')
    const link = new URL(checkinUrl(baseURL!, { eventHashCode: 'demo', eventCode: 'DEMO' }, code))
    if (lang === 'en') {
      await page.goto(DEMO.entry)
      await toEnglish(page)
    }
    await page.goto(`${link.pathname}${link.search}`)
    await page.locator('.notice__action:visible').click()
    await expect(page).toHaveURL(/\/login/)
    await chooseMode(page, 'account')
    await fill(page, 'userName', COLLEAGUE.userName)
    await fill(page, 'password', COLLEAGUE.password)
    await agree(page)
    await submit(page)
    // back on the poster's page with its code, which is sent at once
    await expect(page).toHaveURL(/signIn.*code=/)
    await expect(page.locator('.checkin-panel__state')).toHaveText(t.checkedIn, { timeout: 15_000 })
    await shot(page, `${lang}-2-poster-checked-in`)
  })

  test(`${lang}: /schedule signs up for a session that takes sign-ups, and gives it back`, async ({ page }) => {
    await loginWithPassword(page, undefined, COLLEAGUE)
    if (lang === 'en') await toEnglish(page)
    await page.goto('/pages/pagesUser/schedule/schedule?ehc=demo&ec=DEMO')
    const dinner = page.locator('.schedule__session', { hasText: lang === 'zh' ? '欢迎晚宴' : 'Welcome dinner' })
    await expect(dinner.locator('.schedule__places')).toBeVisible()
    await expect(page.locator('.schedule__limit')).toBeVisible()
    await dinner.locator('.schedule__signup-btn').click()
    await expect(dinner.locator('.schedule__badge')).toHaveText(t.signedUp)
    await expect(dinner.locator('.schedule__signup-btn')).toHaveText(t.cancelSignup)
    await dinner.scrollIntoViewIfNeeded()
    await shot(page, `${lang}-3-schedule-signed-up`)
    // given back (after the question), as it was: the next test starts from the seed
    await dinner.locator('.schedule__signup-btn').click()
    await page.locator('.taro-modal__foot').getByText(t.ok, { exact: true }).click()
    await expect(dinner.locator('.schedule__badge')).toHaveCount(0)
    await expect(dinner.locator('.schedule__signup-btn')).toHaveText(t.signUp)
  })

  test(`${lang}: a failed registration submit brings the first problem into view`, async ({ page }) => {
    await page.goto('/pages/pagesUser/register/register?ehc=demo&ec=DEMO')
    if (lang === 'en') await toEnglish(page)
    await page.locator('.reg-type--attendee').click()
    await expect(page).toHaveURL(/\/form/)
    await page.locator('.reg-form__submit').scrollIntoViewIfNeeded()
    await expect(page.locator('.reg-field--attendee-name')).not.toBeInViewport()
    await page.locator('.reg-form__submit').click()
    await expect(page.locator('.reg-field--attendee-name.has-problem')).toBeInViewport()
    await shot(page, `${lang}-4-register-first-problem`)
  })
}

/**
 * A Y4M video (what Chromium's fake camera plays) of `text` as a QR code, grey on a 640×480 frame:
 * the luma plane is the code, the chroma planes neutral.
 */
async function qrVideo(text: string, file: string): Promise<void> {
  const W = 640
  const H = 480
  const png = PNG.sync.read(await QRCode.toBuffer(text, { width: 400, margin: 4 }))
  const y = Buffer.alloc(W * H, 255)
  const left = Math.floor((W - png.width) / 2)
  const top = Math.floor((H - png.height) / 2)
  for (let r = 0; r < png.height; r++) for (let c = 0; c < png.width; c++) y[(top + r) * W + left + c] = png.data[(r * png.width + c) * 4]
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma])
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]))
}

test.describe('H5 outside WeChat: the live camera', () => {
  const video = path.join(os.tmpdir(), `checkin-qr-${process.pid}.y4m`)
  const code = checkinCode(loadConfig({}).codeHashSecret, 'demo', 'MAIN')
  /** a browser of its own whose camera (Chromium's fake one, allowed) films the poster's QR code */
  async function cameraPage(baseURL: string, films: 'poster' | 'nothing' = 'poster') {
    await qrVideo(checkinUrl(baseURL, { eventHashCode: 'demo', eventCode: 'DEMO' }, code), video)
    const feed = films === 'poster' ? [`--use-file-for-fake-video-capture=${video}`] : []
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', ...feed],
    })
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'zh-CN', permissions: ['camera'] })
    return { browser, page: await context.newPage() }
  }

  for (const lang of ['zh', 'en'] as const) {
    test(`${lang}: "scan to check in" opens the camera, which reads the poster's code and checks in`, async ({ baseURL }) => {
      const { browser, page } = await cameraPage(baseURL!)
      try {
        await loginWithPassword(page, undefined, COLLEAGUE)
        if (lang === 'en') await toEnglish(page)
        await page.goto('/pages/pagesUser/signIndex/signIndex?ehc=demo&ec=DEMO')
        const sent = page.waitForRequest((r) => r.url().endsWith(checkIn.path))
        await page.locator('.checkin-panel__scan').click()
        // the camera's picture is read until the code is found: the code is sent, the camera closes
        expect((await sent).postDataJSON()).toMatchObject({ text: expect.stringContaining(`code=${code}`) })
        await expect(page.locator('.live-scanner')).toHaveCount(0, { timeout: 15_000 })
        await expect(page.locator('.checkin-panel__state')).toHaveText(TEXT[lang].checkedIn)
        await shot(page, `${lang}-5-camera-checked-in`)
      } finally {
        await browser.close()
      }
    })
  }

  test('the camera shows what it films with a hint; closed by the attendee, nothing is sent', async ({ baseURL }) => {
    const { browser, page } = await cameraPage(baseURL!, 'nothing')
    try {
      await loginWithPassword(page)
      let sent = 0
      page.on('request', (r) => void (r.url().endsWith(checkIn.path) && sent++))
      await page.goto('/pages/pagesUser/signIndex/signIndex?ehc=demo&ec=DEMO')
      await page.locator('.checkin-panel__scan').click()
      await expect(page.locator('.live-scanner__hint')).toHaveText('将入口处的签到二维码置于框内')
      await expect.poll(() => page.locator('.live-scanner__video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
      await page.screenshot({ path: `${SHOTS}/zh-6-camera-open.png` })
      await page.locator('.live-scanner__stop').click()
      await expect(page.locator('.live-scanner')).toHaveCount(0)
      expect(sent).toBe(0)
    } finally {
      await browser.close()
    }
  })

  test('the camera refused: said, and a photo is asked for instead', async ({ page }) => {
    await page.addInitScript(() => {
      // as a browser whose user said no
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
    })
    await loginWithPassword(page, undefined, COLLEAGUE)
    await page.goto('/pages/pagesUser/signIndex/signIndex?ehc=demo&ec=DEMO')
    const chooser = page.waitForEvent('filechooser')
    await page.locator('.checkin-panel__scan').click()
    await chooser
    await expect(page.locator('.taro__toast').getByText('无法使用摄像头，请从相册选择二维码或输入签到码')).toBeVisible()
  })
})
