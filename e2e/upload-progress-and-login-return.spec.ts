import { test, expect, type Page } from '@playwright/test'
import { pngOf } from '../server/test/support/files'
import { COLLEAGUE, agree, chooseMode, fill, latestCode, loginWithPassword, pastResendWait, submit } from './support'

/**
 * A guest who opens a protected page by a link lands on login and, once logged in, on that page
 * with its parameters (and "back" does not show login again); an upload's progress bar moves in
 * steps on a slow network (H5: XHR raw body).
 */
const Q = 'ehc=demo&ec=DEMO'
/** a travel day five days ahead, in China's calendar (the link carries it; any day the railway sells would do) */
const TRAVEL_DAY = new Date(Date.now() + 8 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10)
const SHOTS = '/work/shots/upload-progress-and-login-return'

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined)
}

test.use({ viewport: { width: 375, height: 812 } })

test.describe('login comes back to the page that asked for it', () => {
  test('zh: a deep link to the train results → login by password → the results with their query; back does not show login', async ({ page }) => {
    const results = `/pages/trainTicket/searchTicketList/index?${Q}&from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&toName=${encodeURIComponent('北京南')}&date=${TRAVEL_DAY}`
    await page.goto(results)
    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO&back=trainSearchTicketList&backQuery=/)
    const entries = await page.evaluate(() => history.length)
    await expect(page.locator('.login-form__submit')).toBeVisible()
    await shot(page, 'login-return-zh')
    // the colleague: no browser test logs them into the railway, so the railway login below is theirs to meet
    await chooseMode(page, 'account')
    await fill(page, 'userName', COLLEAGUE.userName)
    await fill(page, 'password', COLLEAGUE.password)
    await agree(page)
    await submit(page)
    await page.waitForURL(/searchTicketList\/index\?ehc=demo&ec=DEMO&/)
    const url = new URL(page.url())
    expect(url.searchParams.get('from')).toBe('AOH')
    expect(url.searchParams.get('to')).toBe('VNP')
    expect(url.searchParams.get('fromName')).toBe('上海虹桥')
    expect(url.searchParams.get('toName')).toBe('北京南')
    expect(url.searchParams.get('date')).toBe(TRAVEL_DAY)
    await shot(page, 'login-returned-zh')
    // login replaced itself: no history entry of it is left for the browser's back
    expect(await page.evaluate(() => history.length)).toBe(entries)
    // the results page itself now asks for the railway login (its own detour, spec §8 ETRAIN1002)
    await expect(page.locator('.taro-modal__content')).toContainText('12306')
  })

  test('en: a microsite page for attendees → login by SMS code → that page, in English', async ({ page, request }) => {
    await page.goto(`/pages/Sudoku_1/detail?${Q}&page=lounge`)
    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO&back=micrositeDetail&backQuery=page%3Dlounge/)
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.login-form__submit')).toContainText('Log in')
    await shot(page, 'login-return-en')
    await chooseMode(page, 'mobile')
    await fill(page, 'mobile', COLLEAGUE.mobile)
    await pastResendWait(request)
    await page.locator('.login-form__code-btn').click()
    await fill(page, 'code', await latestCode(request, COLLEAGUE.mobile))
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/detail\?ehc=demo&ec=DEMO&page=lounge/)
    await expect(page.locator('.ms-section__title')).toHaveText('Welcome to the attendee lounge')
    await shot(page, 'login-returned-en')
    // the app's back arrow: nothing behind the page (login replaced itself), so the event's entry, which sends a logged-in attendee home
    await page.locator('.nav-bar__back').click()
    await expect(page).toHaveURL(/\/home/)
  })

  test("a back that is not one of the app's pages is ignored: home", async ({ page }) => {
    // logs in from that address and expects home
    await loginWithPassword(page, `/pages/pagesUser/login/login?${Q}&back=${encodeURIComponent('https://evil.example/')}`)
  })
})

test.describe('upload progress on H5', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`${lang}: the photo's progress bar moves while a slow network sends it, then the file is in`, async ({ page, context }) => {
      await loginWithPassword(page)
      await page.goto(`/pages/pagesUser/form/form?${Q}`)
      if (lang === 'en') await page.locator('.language-switch').first().click()
      await expect(page.locator('.reg-upload--photo .reg-upload__button')).toBeVisible()
      // a venue network: about 40 KB/s up, so the 130 KB photo takes seconds
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 200_000, uploadThroughput: 40_000 })
      const chooser = page.waitForEvent('filechooser')
      await page.locator('.reg-upload--photo .reg-upload__button').click()
      await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: pngOf(240, 320) })
      const bar = page.locator('.reg-upload--photo .reg-upload__progress')
      await expect(bar).toContainText(lang === 'zh' ? /上传中 [1-9]\d?%/ : /Uploading [1-9]\d?%/)
      await shot(page, `upload-progress-${lang}`)
      await expect(page.locator('.reg-upload--photo .reg-upload__name')).toContainText('portrait.png', { timeout: 30_000 })
      await expect(bar).toHaveCount(0)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      await shot(page, `upload-done-${lang}`)
    })
  }
})
