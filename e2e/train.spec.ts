import { test, expect, type Page } from '@playwright/test'
import fs from 'fs'
import { expectToast, inServiceHours, loginWithPassword } from './support'

/**
 * Train tickets up to the issued ticket, as an attendee goes through them: the railway login
 * asked for on the first search and returning to the results, Shanghai → Beijing, G trains only, a booking
 * for the attendee and a child (a traveller added on the way), the company paying, ticketing and
 * the tickets issued; an unpaid order seen overdue once the server's clock passes its deadline; a
 * sold-out train grabbed and the grab fulfilled when seats come back (/dev/railway/seats). In
 * Chinese, and the same screens in English.
 *
 * The server's clock (POST /dev/clock) is moved into the railway's ticketing hours first when the
 * run happens at night in China; the railway sandbox (POST /dev/railway) answers ticketing fast.
 */
const Q = 'ehc=demo&ec=DEMO'
const HOME = `/pages/trainTicket/homePage/index?${Q}`
const RAILWAY = { account: 'demo12306', password: 'Rail@2026' }
/** a real GB 11643 number of a child born 2016-03-15 */
const CHILD = { name: '张小明', id: '310101201603150020' }
const SHOTS = '/work/shots/trc'

const shot = async (page: Page, name: string) => {
  const path = fs.existsSync(SHOTS) ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: false })
}

async function pickStation(page: Page, field: 'from' | 'to', typed: string, name: string): Promise<void> {
  await page.locator(`.train-search__station--${field}`).click()
  await expect(page).toHaveURL(/\/components\/chooseCity\/(limitCity|chooseCity)/)
  await page.locator('.station-picker__search input').fill(typed)
  await page.locator('.station-picker__result', { hasText: name }).first().click()
  await expect(page.locator(`.train-search__station--${field} .train-search__name`)).toHaveText(name)
}

/** the attendee's own traveller (an adult; the child added by another test is listed first) */
const pickAdult = (page: Page) =>
  page
    .locator('.reservation__traveller')
    .filter({ has: page.locator('.traveller-card__type--adult') })
    .first()
    .locator('.reservation__pick')
    .click()

async function modalConfirm(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.taro-modal__content')).toBeVisible()
  await page.locator('.taro-modal__foot').getByText(text).click()
}

/**
 * from the train home to the results of Shanghai → Beijing `daysAhead` days from today, logged in
 * to the railway (each test its own day: the railway sells a passenger one ticket per train)
 */
async function searchShanghaiBeijing(page: Page, opts: { railwayLogin?: boolean; daysAhead?: number } = {}): Promise<void> {
  await page.goto(HOME)
  await expect(page.locator('.train-search__submit')).toBeVisible()
  await pickStation(page, 'from', 'shanghai', '上海虹桥')
  await pickStation(page, 'to', '北京南', '北京南')
  await page.locator('.train-search__submit').click()
  // the railway session of an earlier test may still be alive: then straight to the results
  await page.waitForURL(/trainTicketLogin|searchTicketList/)
  if (opts.railwayLogin || /trainTicketLogin/.test(page.url())) {
    await expect(page).toHaveURL(/trainTicketLogin/)
    await page.locator('.text-field--railwayAccount input').fill(RAILWAY.account)
    await page.locator('.text-field--railwayPassword input').fill(RAILWAY.password)
    await page.locator('.railway-login__submit').click()
    await expectToast(page, '请勾选账号授权协议')
    await page.locator('.agree-check__box').click()
    await page.locator('.railway-login__submit').click()
  }
  // straight to the results asked for
  await expect(page).toHaveURL(/searchTicketList\/index\?.*from=AOH&to=VNP/)
  await expect(page.locator('.train-list__count')).toContainText('趟车次')
  // not today: today's trains may have left
  for (let d = 0; d < (opts.daysAhead ?? 1); d++) {
    const shown = page.url()
    await page.locator('.train-list__day').nth(1).click()
    await expect(page).not.toHaveURL(shown)
  }
  await expect(page.locator('.train-row').first()).toBeVisible()
}

async function onlyGTrains(page: Page): Promise<void> {
  await page.locator('.train-list__filter').click()
  await page.locator('.filter-panel__chip--trainTypes', { hasText: /^G / }).click()
  await page.locator('.filter-panel__apply').click()
  await expect(page.locator('.train-list__filter')).toHaveText('筛选 (1)')
  const numbers = await page.locator('.train-row__no').allTextContents()
  expect(numbers.length).toBeGreaterThan(0)
  for (const n of numbers) expect(n).toMatch(/^G\d+/)
}

/** the first G train with second class seats for two, opened and booked in second class */
async function openSecondClass(page: Page): Promise<void> {
  const rows = page.locator('.train-row')
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const seats = await rows.nth(i).locator('.train-row__seat').allTextContents()
    if (seats.some((s) => /二等座/.test(s) && !/无票/.test(s))) {
      await rows.nth(i).click()
      break
    }
  }
  await expect(page).toHaveURL(/ticketDetails/)
  await page.locator('.ticket-details__seat--second .ticket-details__book').click()
  await expect(page).toHaveURL(/oneWayReservation/)
  await expect(page.locator('.reservation__traveller').first()).toBeVisible()
}

test.use({ viewport: { width: 390, height: 844 } })

test.beforeEach(async ({ request }) => {
  await inServiceHours(request)
  await request.post('/dev/railway', { data: { ticketing: 'issue', ticketingDelayMs: 1500, login: 'auto' } })
})

test('railway login, Shanghai → Beijing, G trains, two passengers one a child, company pays, tickets issued', async ({ page, request }) => {
  // starts logged out of the railway: a session an earlier spec opened for the same attendee
  // (train-aftersales books as them) ends after the sandbox's 30 minutes
  expect((await request.post('/dev/clock', { data: { advanceMs: 31 * 60_000 } })).ok()).toBe(true)
  await inServiceHours(request)
  await loginWithPassword(page)
  await page.goto(HOME)
  await expect(page.locator('.train-home__login')).toHaveText('登录12306账号')
  await shot(page, 'e2e-home-zh')
  await searchShanghaiBeijing(page, { railwayLogin: true })
  await shot(page, 'e2e-list-zh')
  await onlyGTrains(page)
  await shot(page, 'e2e-list-g-zh')
  await openSecondClass(page)

  // a child added on the way; what was chosen before stays
  await pickAdult(page)
  await page.locator('.reservation__link').click()
  await expect(page).toHaveURL(/editOrAddPassengers\/index\?.*mode=add/)
  await page.locator('.text-field--passengerName input').fill(CHILD.name)
  await page.locator('.text-field--passengerDocument input').fill(CHILD.id)
  await page.locator('.passenger-form__type--child').click()
  await page.locator('.text-field--passengerMobile input').fill('13800138000')
  await page.locator('.passenger-form__save').click()
  await expect(page).toHaveURL(/oneWayReservation/)
  const child = page.locator('.reservation__traveller', { hasText: CHILD.name })
  await expect(child).toBeVisible()
  await expect(page.locator('.reservation__traveller.is-chosen')).toHaveCount(1)
  await child.locator('.reservation__pick').click()
  await expect(child.locator('.reservation__kind--child')).toHaveClass(/is-on/)
  await page.locator('.reservation__submit').click()
  await expectToast(page, '请填写儿童身高')
  await child.locator('.reservation__height input').fill('130')
  await page.locator('.reservation__submit').click()
  await expectToast(page, '请勾选火车票预订协议')
  await page.locator('.agree-check--reservation .agree-check__box').click()
  await shot(page, 'e2e-reservation-zh')
  await page.locator('.reservation__submit').click()

  // to be paid: the server's 20 minutes
  await expect(page).toHaveURL(/tobePaid\/index\?.*orderId=\d+/)
  await expect(page.locator('.pay-deadline__text')).toContainText(/请在 (20:00|19:5\d) 内完成支付/)
  await expect(page.locator('.order-summary__passenger')).toHaveCount(2)
  await shot(page, 'e2e-tobepaid-zh')
  await page.locator('.to-be-paid__pay').click()
  await expect(page).toHaveURL(/paymentPage/)
  await expect(page.locator('.payment__method--company')).toHaveClass(/is-on/)
  await shot(page, 'e2e-payment-zh')
  await page.locator('.pay-panel__button--company').click()
  await modalConfirm(page, /确认|确定/)

  // ticketing, then the tickets
  await expect(page).toHaveURL(/ticketsissuedPage/)
  await expect(page.locator('.ticketing__title')).toHaveText('出票成功', { timeout: 20_000 })
  await expect(page.locator('.ticketing__pickup-no')).toHaveText(/\S+/)
  await expect(page.locator('.ticketing__ticket')).toHaveCount(2)
  await expect(page.locator('.ticketing__carriage').first()).toHaveText(/\d+车/)
  await expect(page.locator('.ticketing .order-amounts__row--total')).toContainText('¥')
  await shot(page, 'e2e-issued-zh')
})

test('an unpaid order is shown overdue once the server passes its deadline', async ({ page, request }) => {
  await loginWithPassword(page)
  await searchShanghaiBeijing(page, { daysAhead: 2 })
  await onlyGTrains(page)
  await openSecondClass(page)
  await pickAdult(page)
  await page.locator('.agree-check--reservation .agree-check__box').click()
  await page.locator('.reservation__submit').click()
  await expect(page).toHaveURL(/tobePaid/)
  await expect(page.locator('.to-be-paid__pay')).toBeVisible()

  // 21 minutes later on the server: its job has cancelled the order
  expect((await request.post('/dev/clock', { data: { advanceMs: 21 * 60_000 } })).ok()).toBe(true)
  await page.reload()
  await expect(page.locator('.pay-deadline__text')).toHaveText('订单已超过支付时限，已自动取消')
  await expect(page.locator('.order-summary__status')).toHaveText('支付超时（可重新预订）')
  await expect(page.locator('.to-be-paid__pay')).toHaveCount(0)
  await expect(page.locator('.to-be-paid__rebook')).toBeVisible()
  await shot(page, 'e2e-overdue-zh')
})

test('a sold-out train grabbed: the request waits, seats come back, an order to pay and an SMS', async ({ page, request }) => {
  await loginWithPassword(page)
  await searchShanghaiBeijing(page, { daysAhead: 3 })
  await onlyGTrains(page)
  await openSecondClass(page)
  // the train's second class sells out (the sandbox's public buys every seat), seen on its details
  const details = new URL(page.url().replace('oneWayReservation', 'ticketDetails'))
  const run = { trainCode: details.searchParams.get('trainCode'), date: details.searchParams.get('date'), seatType: 'second' }
  expect((await request.post('/dev/railway/seats', { data: { ...run, action: 'sellOut' } })).ok()).toBe(true)
  await page.goto(details.pathname + details.search)
  const trainNo = (await page.locator('.train-header__no').textContent())!.trim()
  const second = page.locator('.ticket-details__seat--second')
  await expect(second.locator('.seat-left')).toHaveText('无票')
  await expect(second.locator('.ticket-details__book')).toHaveText('抢票')
  await second.locator('.ticket-details__book').click()
  await expect(page).toHaveURL(/oneWayReservation.*grab=1/)
  await pickAdult(page)
  await page.locator('.agree-check--reservation .agree-check__box').click()
  await expect(page.locator('.reservation__submit')).toHaveText('提交抢票')
  await shot(page, 'e2e-grab-zh')
  await page.locator('.reservation__submit').click()
  await expect(page.locator('.taro-modal__content')).toHaveText(/抢票已提交，有票时将短信通知您/)
  await modalConfirm(page, '确定')
  await expect(page).toHaveURL(/homePage/)
  // this attendee may hold other grabs (other specs'): this one is the single-class grab on this train
  const ours = (status: 'pending' | 'fulfilled') =>
    page
      .locator(`.train-grab--${status}`)
      .filter({ hasText: trainNo })
      .filter({ has: page.locator('.train-grab__classes', { hasText: /^二等座$/ }) })
  await expect(ours('pending')).toHaveCount(1)
  await expect(ours('pending').locator('.train-grab__status')).toHaveText('抢票中')
  await shot(page, 'e2e-grab-home-zh')

  // the public gives two seats back: the grab becomes an order to pay, and the contact is told
  expect((await request.post('/dev/railway/seats', { data: { ...run, action: 2 } })).ok()).toBe(true)
  await page.reload()
  const fulfilled = ours('fulfilled')
  await expect(fulfilled.locator('.train-grab__status')).toHaveText('已抢到，请尽快支付')
  await expect
    .poll(async () =>
      ((await (await request.get('/dev/outbox?to=13800138000')).json()) as Array<{ text?: string }>).some((m) => /抢票|grab/i.test(m.text ?? '')),
    )
    .toBe(true)
  await shot(page, 'e2e-grab-fulfilled-zh')
  await fulfilled.locator('.train-grab__action').click()
  await expect(page).toHaveURL(/tobePaid\/index\?.*orderId=\d+/)
  await expect(page.locator('.pay-deadline__text')).toContainText('内完成支付')
  await expect(page.locator('.to-be-paid__pay')).toBeVisible()
})

test('the same screens in English', async ({ page }) => {
  await loginWithPassword(page)
  await page.goto(HOME)
  await page.locator('.language-switch:visible').click()
  await expect(page.locator('.train-search__submit')).toHaveText('Search trains')
  await page.locator('.train-search__station--from').click()
  await expect(page.locator('.station-picker__hot-title')).toHaveText('Popular cities')
  await shot(page, 'e2e-picker-en')
  await page.locator('.station-picker__search input').fill('shanghai')
  await page.locator('.station-picker__result', { hasText: 'Shanghaihongqiao' }).first().click()
  await page.locator('.train-search__station--to').click()
  await page.locator('.station-picker__search input').fill('beijingnan')
  await page.locator('.station-picker__result', { hasText: 'Beijingnan' }).first().click()
  await shot(page, 'e2e-home-en')
  // the railway login, whether or not an earlier test's session is still alive
  await page.goto(`/pages/trainTicket/trainTicketLogin/index?${Q}`)
  await expect(page.locator('.railway-login__submit')).toHaveText('Log in')
  await page.locator('.text-field--railwayAccount input').fill(RAILWAY.account)
  await page.locator('.text-field--railwayPassword input').fill(RAILWAY.password)
  await page.locator('.agree-check__box').click()
  await shot(page, 'e2e-railway-login-en')
  await page.locator('.railway-login__submit').click()
  await expect(page).toHaveURL(/homePage/)
  await expect(page.locator('.train-home__account')).toContainText('Railway account')
  await page.locator('.train-search__submit').click()
  await expect(page).toHaveURL(/searchTicketList/)
  await expect(page.locator('.train-list__count')).toContainText('trains')
  await page.locator('.train-list__day').nth(1).click()
  await expect(page.locator('.train-row').first()).toBeVisible()
  await shot(page, 'e2e-list-en')
  await page.locator('.train-row').first().click()
  await expect(page.locator('.ticket-details__title')).toHaveText('Choose a seat class')
  await shot(page, 'e2e-details-en')
  await page.locator('.train-header__stops').click()
  await expect(page.locator('.train-stops__row.is-segment').first()).toBeVisible()
  await shot(page, 'e2e-stops-en')
  await page.goBack()
  await page.locator('.ticket-details__book:not(.is-off)').first().click()
  await expect(page).toHaveURL(/oneWayReservation/)
  await expect(page.locator('.reservation .train-section__title').first()).toHaveText('Seat class')
  await pickAdult(page)
  await expect(page.locator('.reservation__kind--adult').first()).toHaveText('Adult')
  await shot(page, 'e2e-reservation-en')
  await page.goto(`/pages/trainTicket/editOrAddPassengers/index?${Q}`)
  await expect(page.locator('.traveller-list__manage')).toHaveText('Manage')
  await shot(page, 'e2e-passengers-en')
  await page.goto(`/components/noticeOfReservation/index?${Q}`)
  await expect(page.locator('.notice-accordion__title').first()).toHaveText('Buying tickets')
  await page.locator('.notice-accordion__head').nth(1).click()
  // accordion mode: opening one closes the other
  await expect(page.locator('.notice-accordion__item.is-open')).toHaveCount(1)
  await shot(page, 'e2e-notice-en')
})
