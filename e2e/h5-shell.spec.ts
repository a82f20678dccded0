import { test, expect, type Page } from '@playwright/test'
import fs from 'fs'
import { DEMO, loginWithPassword, chooseMode, fill, agree, submit } from './support'

/**
 * The lighter H5 shell: Taro's toast/modal module and the app's English texts are not
 * in the first load any more (src/lib/h5-interaction.ts, src/lib/i18n.ts), the route table is
 * written once (config/taro-plugins/h5-lean/route-table.js), the notice's button is a plain <button>. What a person
 * sees must not change: toasts and the loading indicator, English from the first paint for an
 * English visit, the language switch, every address. Screenshots to /work/shots/h5-shell/.
 */
const SHOTS = '/work/shots/h5-shell'
const shot = async (page: Page, name: string) => {
  if (fs.existsSync(SHOTS)) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}
const scripts = (page: Page) => {
  const urls: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || /\.js$/.test(new URL(r.url()).pathname)) urls.push(new URL(r.url()).pathname)
  })
  return urls
}

test('a Chinese visit loads neither the English texts nor Taro’s toast module, and still shows toasts', async ({ page }) => {
  const fetched = scripts(page)
  await page.goto(DEMO.entry)
  await expect(page.locator('.login-form__submit')).toHaveText('登录')
  await shot(page, 'entry-login-zh')
  expect(fetched.filter((u) => /i18n-en|taro-interaction/.test(u))).toEqual([])
  // a wrong password: the server's message as a toast (drawn by the light module)
  await chooseMode(page, 'account')
  await fill(page, 'userName', DEMO.userName)
  await fill(page, 'password', 'Wrong@2026')
  await agree(page)
  await submit(page)
  // the wrapper has no box of its own (its children are position: fixed): look at the text
  const text = page.locator('.taro__toast[role=status] p').nth(1)
  await expect(text).toBeVisible()
  await expect(text).toHaveText(/\S/)
  await shot(page, 'login-error-toast-zh')
  expect(fetched.filter((u) => /taro-interaction/.test(u))).toEqual([])
})

test('an English browser: the English texts arrive beside app.js and the first page is English', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' })
  const page = await ctx.newPage()
  const fetched = scripts(page)
  await page.goto(DEMO.entry)
  // the first text drawn is English (the page waited for its texts), never Chinese first
  await expect(page.locator('.login-form__submit')).toHaveText('Log in')
  const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href') ?? ''))
  expect(preloads.some((href) => /\/js\/i18n-en\.[0-9a-f]+\.js$/.test(href))).toBe(true)
  expect(fetched.filter((u) => /i18n-en/.test(u))).toHaveLength(1)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  await shot(page, 'entry-login-en')
  await ctx.close()
})

test('the language switch: to English and back, again with the network gone once English has loaded', async ({ page, context }) => {
  await page.goto(DEMO.entry)
  await expect(page.locator('.login-form__submit')).toHaveText('登录')
  await page.locator('.language-switch').click()
  await expect(page.locator('.login-form__submit')).toHaveText('Log in')
  await expect(page.locator('.language-switch')).toHaveText('中文')
  await page.locator('.language-switch').click()
  await expect(page.locator('.login-form__submit')).toHaveText('登录')
  await context.setOffline(true)
  await page.locator('.language-switch').click()
  await expect(page.locator('.login-form__submit')).toHaveText('Log in')
  await context.setOffline(false)
})

test('home and the train results, in both languages; the not-found page’s button works by keyboard', async ({ page }) => {
  await loginWithPassword(page)
  await expect(page.locator('.event-status')).toBeVisible()
  await shot(page, 'home-zh')
  await page.goto('/pages/trainTicket/trainTicketLogin/index?ehc=demo&ec=DEMO')
  await page.locator('.text-field--railwayAccount input').fill('demo12306')
  await page.locator('.text-field--railwayPassword input').fill('Rail@2026')
  await page.locator('.agree-check__box').click()
  await page.locator('.railway-login__submit').click()
  await expect(page).toHaveURL(/homePage/)
  const results = `/pages/trainTicket/searchTicketList/index?ehc=demo&ec=DEMO&from=AOH&to=BJP&date=${new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10)}`
  await page.goto(results)
  await expect(page.locator('.train-row').first()).toBeVisible()
  // the loading indicator of the search went with its answer
  await expect(page.locator('.taro__toast p').nth(1)).toBeHidden()
  await shot(page, 'train-results-zh')
  // English chosen on the train home page, then the results opened afresh (a reload: the texts load again)
  await page.goto('/pages/trainTicket/homePage/index?ehc=demo&ec=DEMO')
  await page.locator('.language-switch').click()
  await expect(page.locator('.language-switch')).toHaveText('中文')
  await page.goto(results)
  await expect(page.locator('.train-row').first()).toBeVisible()
  await expect(page.locator('.train-list__count')).toContainText('trains')
  await expect(page.locator('.taro__toast p').nth(1)).toBeHidden()
  await shot(page, 'train-results-en')

  await page.goto('/home?ehc=demo&ec=DEMO')
  await expect(page.locator('.event-status')).toContainText('The event')
  await shot(page, 'home-en')

  await page.goto('/no-such-page?ehc=demo&ec=DEMO')
  const back = page.getByRole('button', { name: 'Back to home' })
  await expect(back).toBeVisible()
  await shot(page, 'not-found-en')
  await back.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home|\/login|\/\?/)
})

test('a modal still asks (Taro’s module, loaded on first use)', async ({ page }) => {
  await loginWithPassword(page)
  const fetched = scripts(page)
  await page.goto('/home?ehc=demo&ec=DEMO')
  await expect(page.locator('.event-status')).toBeVisible()
  await expect(page.locator('.taro__toast').locator('visible=true'))
    .toHaveCount(0, { timeout: 5000 })
    .catch(() => undefined)
  await page.locator('.home-page__logout').click()
  await expect(page.locator('.taro-modal__content')).toBeVisible()
  expect(fetched.filter((u) => /taro-interaction/.test(u))).toHaveLength(1)
  await shot(page, 'modal-zh')
  await page.locator('.taro-modal__foot').getByText('取消').click()
  await expect(page.locator('.taro-modal__content')).toBeHidden()
})

test('index.html paints the loading state before any script arrives, in the visitor’s language; the app takes over', async ({ browser }) => {
  for (const [locale, title, text] of [
    ['zh-CN', '参会助手', '正在打开会议…'],
    ['en-US', 'Attendee', 'Opening the event…'],
  ] as const) {
    const context = await browser.newContext({ locale })
    const page = await context.newPage()
    // no script at all: what a phone shows while app.js is still on its way
    await page.route('**/*.js', (r) => r.abort())
    await page.goto(DEMO.entry)
    await expect(page.locator('#boot-text')).toHaveText(text)
    await expect(page.locator('#boot-title')).toHaveText(title)
    await shot(page, `boot-shell-${locale}`)
    await page.unroute('**/*.js')
    await page.goto(DEMO.entry)
    await expect(page.locator('.login-form__submit')).toBeVisible()
    await expect(page.locator('#boot')).toHaveCount(0)
    await context.close()
  }
})
