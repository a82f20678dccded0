import { test, expect, type Page } from '@playwright/test'
import { pngOf } from '../server/test/support/files'
import { bookOrder, tokenOf } from './air-support'
import { expectNoSeriousAxeViolations, focused, latestCodeTo, shot, tabTo, typeInto } from './a11y-support'
import { DEMO, inServiceHours, loginWithPassword } from './support'

/**
 * Accessibility in the browser: axe finds no serious or critical violation on login, home,
 * registration, the train search, results and booking, the air booking and payment, in Chinese and
 * English; a new attendee logs in by code, registers and searches trains with the keyboard alone,
 * every focused control showing its ring; English fits: the train results at 360 px cut no seat
 * line or station name, the check-in code's placeholder fits its field. Screenshots of the focus
 * ring and the English results go to /work/shots/a11y (E2E_SHOTS).
 */
const Q = 'ehc=demo&ec=DEMO'
const TRAIN_HOME = `/pages/trainTicket/homePage/index?${Q}`
const RAILWAY = { account: 'demo12306', password: 'Rail@2026' }
/** a mobile no seeded attendee has: login answers "not registered" and offers registration */
const NEWCOMER = { mobile: '13912340001', name: '周明', email: 'zhouming@example.com' }

test.beforeEach(async ({ request }) => {
  await inServiceHours(request)
  await request.post('/dev/railway', { data: { ticketing: 'issue', ticketingDelayMs: 1500, login: 'auto' } })
})

async function toEnglish(page: Page): Promise<void> {
  await page.locator('.language-switch').first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
}

/** Enter on a Taro picker's trigger opens it with its first column focused; Enter confirms its first row */
async function pickFirstByKeys(page: Page, selector: string): Promise<void> {
  await tabTo(page, selector)
  // a region's list loads when its parent is chosen: until it is there the picker has no row to confirm
  await expect(async () => {
    await page.keyboard.press('Enter')
    await expect(page.locator('.weui-picker[role=dialog]').filter({ visible: true })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    // the focus is back on the trigger
    expect((await focused(page)).desc).toContain(selector.replace(/^\./, ''))
    await expect(page.locator(selector)).not.toHaveClass(/is-empty/, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

/** from the train home to the results by keys: stations typed in the pickers, search, the railway login on the way */
async function searchTrainsByKeys(page: Page, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  for (const [field, typed, name] of [
    ['from', 'shanghai', lang === 'zh' ? '上海虹桥' : 'Shanghaihongqiao'],
    ['to', 'beijingnan', lang === 'zh' ? '北京南' : 'Beijingnan'],
  ] as const) {
    await tabTo(page, `.train-search__station--${field}`)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/chooseCity/)
    await typeInto(page, '.station-picker__search', typed)
    await tabTo(page, '.station-picker__result', name)
    await page.keyboard.press('Enter')
    await expect(page.locator(`.train-search__station--${field} .train-search__name`)).toHaveText(name)
  }
  await tabTo(page, '.train-search__submit')
  await page.keyboard.press('Enter')
  await page.waitForURL(/trainTicketLogin|searchTicketList/)
  if (/trainTicketLogin/.test(page.url())) {
    await typeInto(page, '.text-field--railwayAccount', RAILWAY.account)
    await typeInto(page, '.text-field--railwayPassword', RAILWAY.password)
    await tabTo(page, '.agree-check__box')
    await page.keyboard.press('Space')
    await expect(page.locator('.agree-check__box')).toHaveAttribute('aria-checked', 'true')
    await tabTo(page, '.railway-login__submit')
    await page.keyboard.press('Enter')
  }
  await expect(page).toHaveURL(/searchTicketList/)
  await expect(page.locator('.train-row').first()).toBeVisible({ timeout: 20_000 })
}

test('keyboard only: a new attendee logs in by code, registers and searches trains', async ({ page, request }) => {
  test.setTimeout(180_000)
  // Playwright turns on the browser's file-chooser interception when the first listener is added,
  // and a key press sent at once can reach the page before it is on (a click waits for the element
  // first; a key press does not): the test listens from the start for its one chooser
  const chooser = page.waitForEvent('filechooser', { timeout: 170_000 })
  chooser.catch(() => undefined) // a test failing earlier leaves no unhandled rejection behind
  await page.goto(`/?${Q}`)
  await expect(page.locator('.login-form__submit')).toBeVisible()

  await typeInto(page, '.text-field--mobile', NEWCOMER.mobile)
  await tabTo(page, '.login-form__code-btn')
  await shot(page, 'zh-login-focus-ring')
  await page.keyboard.press('Enter')
  const code = await latestCodeTo(request, NEWCOMER.mobile)
  // the code field is before the button: back by Shift+Tab
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.type(code)
  await tabTo(page, '.login-form__check')
  await page.keyboard.press('Space')
  await expect(page.locator('.login-form__check')).toHaveAttribute('aria-checked', 'true')
  await tabTo(page, '.login-form__submit')
  await page.keyboard.press('Enter')

  // "not registered": the question takes the focus on its confirm button
  await expect(page.locator('.taro-modal__content[role=alertdialog]')).toBeVisible()
  expect((await focused(page)).desc).toContain('taro-model__confirm')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/register/)

  await tabTo(page, '.reg-type--attendee')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/form/)
  await expect(page.locator('.reg-input--attendee-name')).toBeVisible()

  await typeInto(page, '.reg-input--attendee-name', NEWCOMER.name)
  await tabTo(page, '.reg-choice--attendee-sex-mr')
  await page.keyboard.press('Space')
  await expect(page.locator('.reg-choice--attendee-sex-mr')).toHaveAttribute('aria-checked', 'true')
  await typeInto(page, '.reg-input--attendee-mobile', NEWCOMER.mobile)
  await typeInto(page, '.reg-input--attendee-email', NEWCOMER.email)
  await typeInto(page, '.reg-input--attendee-company', '示例科技')
  await shot(page, 'zh-register-focus-ring')
  for (const picker of ['.reg-picker--nation', '.reg-picker--province', '.reg-picker--city', '.reg-picker--county']) await pickFirstByKeys(page, picker)
  await typeInto(page, '.reg-input--attendee-address', '世纪大道 100 号')
  await typeInto(page, '.reg-input--attendee-postcode', '200120')
  await pickFirstByKeys(page, '.reg-picker--attendee-idType')
  await typeInto(page, '.reg-input--attendee-idNumber', '11010519491231002X')
  await tabTo(page, '.reg-choice--attendee-isAttend-attend')
  await page.keyboard.press('Enter')
  // the file chooser is the system's own dialog: opened by Enter, answered as a person answers it
  await tabTo(page, '.reg-upload--photo .reg-upload__button')
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: pngOf(240, 320) })
  await expect(page.locator('.reg-upload--photo .reg-upload__name')).toContainText('portrait.png')
  await tabTo(page, '.reg-protocol__check')
  await page.keyboard.press('Space')
  await expect(page.locator('.reg-protocol__check')).toHaveAttribute('aria-checked', 'true')
  await tabTo(page, '.reg-form__submit')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home/, { timeout: 20_000 })

  await tabTo(page, '.home-entries__item--travel')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/travel/)
  await tabTo(page, '.travel-entries__item--train')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/trainTicket\/homePage/)
  await searchTrainsByKeys(page)
})

test('focus rings on login and registration in English', async ({ page }) => {
  await page.goto(`/?${Q}`)
  await toEnglish(page)
  await tabTo(page, '.login-form__tab--account')
  await page.keyboard.press('Enter')
  await expect(page.locator('.login-form__tab--account')).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, '.login-form__check')
  await shot(page, 'en-login-focus-ring')
  await page.goto(`/pages/pagesUser/form/form?${Q}&type=attendee`)
  await expect(page.locator('.reg-input--attendee-name')).toBeVisible()
  await tabTo(page, '.reg-choice--attendee-sex-ms')
  await shot(page, 'en-register-focus-ring')
  // English punctuation: "(at most 3)", not "（at most 3）"
  await expect(page.locator('.reg-follower__add--companion')).toContainText('(at most')
})

for (const lang of ['zh', 'en'] as const) {
  test(`axe (${lang}): login, home, registration`, async ({ page }) => {
    await page.goto(`/?${Q}`)
    await expect(page.locator('.login-form__submit')).toBeVisible()
    if (lang === 'en') await toEnglish(page)
    await expectNoSeriousAxeViolations(page, 'login')
    await page.goto(`/pages/pagesUser/register/register?${Q}`)
    await expect(page.locator('.reg-type--attendee')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'registration types')
    await page.goto(`/pages/pagesUser/form/form?${Q}&type=attendee`)
    await expect(page.locator('.reg-input--attendee-name')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'registration form')
    await loginWithPassword(page)
    await expect(page.locator('.home-entries__item').first()).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'home')
  })

  test(`axe (${lang}): train search, results and booking; air booking and payment`, async ({ page, request }) => {
    test.setTimeout(120_000)
    await loginWithPassword(page)
    await page.goto(TRAIN_HOME)
    if (lang === 'en') await toEnglish(page)
    await expect(page.locator('.train-search__submit')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'train search')
    await searchTrainsByKeys(page, lang)
    await expectNoSeriousAxeViolations(page, 'train results')
    // two days ahead: today's list may start with trains already gone, whatever the hour the suite runs
    for (let i = 0; i < 2; i++) await page.locator('.train-list__day').last().click()
    await expect(page.locator('.train-row').first()).toBeVisible({ timeout: 20_000 })
    await page.locator('.train-list__filter').click()
    await expect(page.locator('.filter-panel__sheet[role=dialog]')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'train filters')
    await page.keyboard.press('Escape')
    await expect(page.locator('.filter-panel__sheet')).toHaveCount(0)
    await page.locator('.train-row:not(.is-closed)').first().click()
    await expect(page).toHaveURL(/ticketDetails/)
    await expectNoSeriousAxeViolations(page, 'train details')
    await page.locator('.ticket-details__book').first().click()
    await expect(page).toHaveURL(/oneWayReservation/)
    await expect(page.locator('.reservation__traveller').first()).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'train booking')

    await page.goto(`/pages/airTicket/airTicketInquiry/index?${Q}`)
    await expect(page.locator('.air-inquiry__search')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'air search')
    const orderId = await bookOrder(request, await tokenOf(request), 6, false)
    await page.goto(`/pages/airTicket/airPayPage/airPayPage?${Q}&orderId=${orderId}`)
    await expect(page.locator('.air-deadline')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'air payment')
  })
}

test('English fits: the train results at 360 px cut no seat line or station name; the check-in placeholder fits', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await loginWithPassword(page, DEMO.entry)
  await page.goto(TRAIN_HOME)
  await toEnglish(page)
  await searchTrainsByKeys(page, 'en')
  await shot(page, 'en-train-results-360')
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.train-row__seats, .train-row__station, .train-row__no, .train-row__duration')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className}: ${el.textContent}`),
  )
  expect(cut).toEqual([])
  // nor a line pushed out of the bottom of a row (the rows have a fixed height: the list is virtual)
  const overfull = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.train-row')].filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
  )
  expect(overfull).toEqual([])

  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') await page.locator('.language-switch').first().click()
    await page.goto(`/pages/pagesUser/signIndex/signIndex?${Q}`)
    const input = page.locator('.text-field--checkin-code input')
    await expect(input).toBeVisible()
    // the placeholder's width as drawn in the input's font, against the room the input gives it
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const s = getComputedStyle(el)
      const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
      ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`
      const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
      return { text: el.placeholder, width: ctx.measureText(el.placeholder).width, room }
    })
    expect(fits.width, `"${fits.text}" in ${fits.room}px`).toBeLessThanOrEqual(fits.room)
  }
})
