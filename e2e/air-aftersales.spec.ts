/**
 * Air after-sales as an attendee goes through them, on the real product (sandbox airline and
 * payments), in Chinese and in English: cancel an unpaid order; refund a ticket after seeing the
 * estimate; change a flight and pay the change fee by the company; undo an unpaid change. Each
 * status the order passes through is checked against spec §4's label in the page's language.
 * Orders are booked and paid through the API (the booking screens have their own spec, air.spec);
 * everything after that is done on the screens. Screenshots go to /work/shots/air-aftersales/ (or
 * E2E_SHOTS).
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import type { AirOrderStatus } from '../contracts/air'
import { AIR_ORDER_STATUS } from '../contracts/order-status'
import { api, bookOrder, key, tokenOf } from './air-support'
import { DEMO, loginWithPassword } from './support'

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/air-aftersales'
type Lang = 'zh' | 'en'

const TEXT = {
  zh: {
    confirm: '确定',
    cancel: '取消订单',
    refund: '退票',
    change: '改签',
    submitRefund: '确认退票',
    submitChange: '提交改签',
    voluntary: '自愿',
    planChanged: '行程变更',
    undo: '取消改签',
    company: /^公司支付/,
    companyConfirm: '确认支付',
  },
  en: {
    confirm: 'OK',
    cancel: 'Cancel order',
    refund: 'Refund',
    change: 'Change flight',
    submitRefund: 'Request refund',
    submitChange: 'Request change',
    voluntary: 'Voluntary',
    planChanged: 'Plans changed',
    undo: 'Undo change',
    company: /^Company pays/,
    companyConfirm: 'Confirm',
  },
}

async function useLanguage(page: Page, lang: Lang): Promise<void> {
  if (lang === 'zh') return
  await page.goto(DEMO.entry)
  await expect(page).toHaveURL(/login/)
  await page.locator('.language-switch').click()
}

const details = (orderId: number) => `/pages/airTicket/airOrderDetails/index?ehc=demo&ec=DEMO&orderId=${orderId}`

/** the order page shows spec §4's label of `status` in the page's language (it refreshes by itself while the airline works) */
async function expectStatus(page: Page, status: AirOrderStatus, lang: Lang, timeout = 10_000): Promise<void> {
  await expect(page.locator('.air-order-head .air-status').locator('visible=true')).toHaveText(AIR_ORDER_STATUS[status][lang], { timeout })
}

/** on the change form: the route, the first passenger, a voluntary change for changed plans, the day after the booked flight, and a cabin that costs something */
async function askChange(page: Page, lang: Lang): Promise<void> {
  await chooseWhoAndWhy(page, lang)
  await page.locator('.air-change__day').nth(2).click()
  // a cabin with an amount due; a cheaper one shows what comes back ("¥120 back" in English), marked is-back
  const payable = page.locator('.air-rebook__cabin').filter({ has: page.locator('.air-rebook__due:not(.is-back)', { hasText: /^¥/ }) })
  await expect(payable.first()).toBeVisible()
  await payable.first().click()
  await expect(page.locator('.air-change-cost__amount')).toHaveText(/^¥[\d,.]+$/)
}

/** on the refund or change form: the route, the first passenger, voluntary, changed plans */
async function chooseWhoAndWhy(page: Page, lang: Lang): Promise<void> {
  await page.locator('.air-route__item').first().click()
  await page.locator('.air-choice__item:not(.air-route__item)').first().click()
  await page.getByText(TEXT[lang].voluntary, { exact: true }).click()
  await page.getByText(TEXT[lang].planChanged, { exact: true }).click()
}

/**
 * The airline answers a refund or change asked of it: the server's clock is moved past the
 * sandbox's delay and its due jobs run (send to the airline, ask for the answer), as the job timer
 * would within a minute; then the order page, which reads the order again by itself, shows it.
 */
async function airlineAnswers(request: APIRequestContext, token: string, orderId: number, done: AirOrderStatus): Promise<void> {
  await expect
    .poll(
      async () => {
        await request.post('/dev/clock', { data: { advanceMs: 4000 } })
        return (await api<{ status: string }>(request, token, '/api/flight/flight/findOrderDetails', { orderId })).status
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(done)
}

async function confirmModal(page: Page, lang: Lang): Promise<void> {
  await page.locator('.taro-modal__foot').getByText(TEXT[lang].confirm, { exact: true }).click()
}

test.beforeAll(async ({ request }) => {
  // tickets are drawn at once (the flows here are about what comes after); the airline answers a
  // refund or change a few seconds after it is asked, as the sandbox does, so "in return" shows first
  await request.post('/dev/airline', {
    data: { issueOutcome: 'issue', issueDelayMs: 0, refundOutcome: 'accept', changeOutcome: 'accept', afterSaleDelayMs: 3000 },
  })
})

for (const lang of ['zh', 'en'] as const) {
  const t = TEXT[lang]
  const shot = async (page: Page, name: string) => {
    // what the page shows, not a toast or loading mask passing over it
    await expect(page.locator('.taro__toast *').locator('visible=true'))
      .toHaveCount(0, { timeout: 5000 })
      .catch(() => undefined)
    await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true })
  }

  test(`${lang}: cancel an unpaid order`, async ({ page, request }) => {
    const orderId = await bookOrder(request, await tokenOf(request), 12, false)
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(details(orderId))
    await expectStatus(page, 'toBePaid', lang)
    await expect(page.locator('.air-details__action--pay')).toBeVisible()
    await shot(page, '1-to-be-paid')
    await page.locator('.air-details__action--cancel').click()
    await confirmModal(page, lang)
    await expectStatus(page, 'cancelled', lang)
    // an ended order offers only to delete it
    await expect(page.locator('.air-details__action')).toHaveCount(1)
    await expect(page.locator('.air-details__action--remove')).toBeVisible()
    await shot(page, '2-cancelled')
  })

  test(`${lang}: refund a ticket after seeing the estimate`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const token = await tokenOf(request)
    const orderId = await bookOrder(request, token, 12, true)
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(details(orderId))
    await expectStatus(page, 'ticketed', lang)
    // a ticketed order is refunded, never cancelled (spec §4)
    await expect(page.locator('.air-details__action--cancel')).toHaveCount(0)
    await shot(page, '3-ticketed')
    // further down: check-in advice (spec §9) and the timeline
    await page.locator('.air-details__timeline').scrollIntoViewIfNeeded()
    await expect(page.locator('.air-checkin')).toBeVisible()
    await shot(page, '3b-ticketed-checkin-timeline')
    await page.locator('.air-details__action--refund').click()
    await expect(page).toHaveURL(/dishonoredBill/)
    // the required fields are asked for before anything is sent
    await page.locator('.air-refund__submit').click()
    await expect(page.locator('.air-problem')).toHaveCount(4)
    await chooseWhoAndWhy(page, lang)
    // the estimate before confirming: count, commission, estimated amount
    await expect(page.locator('.air-estimate__amount')).toHaveText(/^¥[\d,.]+$/)
    await expect(page.locator('.air-estimate__line')).toHaveCount(1)
    await shot(page, '4-refund-estimate')
    await page.locator('.air-refund__submit').click()
    await confirmModal(page, lang)
    await expect(page).toHaveURL(/airOrderDetails/)
    await expectStatus(page, 'refunding', lang)
    await shot(page, '5-refunding')
    await airlineAnswers(request, token, orderId, 'refunded')
    await expectStatus(page, 'refunded', lang, 45_000)
    await page.locator('.air-record--refund').scrollIntoViewIfNeeded()
    await expect(page.locator('.air-record--refund')).toBeVisible()
    await shot(page, '6-refunded')
  })

  test(`${lang}: change a flight and pay the change fee`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const token = await tokenOf(request)
    const orderId = await bookOrder(request, token, 12, true)
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(details(orderId))
    await expectStatus(page, 'ticketed', lang)
    await page.locator('.air-details__action--change').click()
    await expect(page).toHaveURL(/ticketChanging/)
    await askChange(page, lang)
    await shot(page, '7-change-form')
    await page.locator('.air-change__submit').click()
    await confirmModal(page, lang)
    await expect(page.locator('.air-change-pay')).toBeVisible()
    await shot(page, '8-change-pay')
    await page.locator('.pay-panel__button--company').click()
    await page.locator('.taro-modal__foot').getByText(t.companyConfirm, { exact: true }).click()
    await expect(page).toHaveURL(/airOrderDetails/)
    await expectStatus(page, 'changing', lang)
    await airlineAnswers(request, token, orderId, 'changed')
    await expectStatus(page, 'changed', lang, 45_000)
    await page.locator('.air-record--change').scrollIntoViewIfNeeded()
    await expect(page.locator('.air-record--change')).toBeVisible()
    await shot(page, '9-changed')
  })

  test(`${lang}: undo an unpaid change`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const orderId = await bookOrder(request, await tokenOf(request), 12, true)
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(`/pages/airTicket/ticketChanging/index?ehc=demo&ec=DEMO&orderId=${orderId}`)
    await askChange(page, lang)
    await page.locator('.air-change__submit').click()
    await confirmModal(page, lang)
    await expect(page.locator('.air-change-pay')).toBeVisible()
    // the order page says the change waits for its money, and offers to pay or undo it
    await page.goto(details(orderId))
    await expectStatus(page, 'changeToBePaid', lang)
    await expect(page.locator('.air-details__action--payChange')).toBeVisible()
    await shot(page, '10-change-to-be-paid')
    await page.locator('.air-details__action--cancelChange').click()
    await confirmModal(page, lang)
    await expectStatus(page, 'ticketed', lang)
    await expect(page.locator('.air-record--change.air-record--cancelled')).toBeVisible()
    await shot(page, '11-change-undone')
  })

  test(`${lang}: the airline refuses a refund (has retrograde record), then one of two tickets is refunded (partially refunded)`, async ({ page, request }) => {
    const token = await tokenOf(request)
    const orderId = await bookOrder(request, token, 12, true, 2)
    const { passengers } = await api<{ passengers: Array<{ passengerId: number }> }>(request, token, '/api/flight/flight/findOrderDetails', { orderId })
    const refundFirst = async () => {
      const ask = { orderId, passengerIds: [passengers[0].passengerId], type: 'voluntary' }
      const estimate = await api<{ refundFen: number }>(request, token, '/api/flight/flight/getReissueRefundPriceMultiPlayer', ask)
      await api(request, token, '/api/flight/flight/ticketRefund', {
        ...ask,
        idempotencyKey: key(),
        reason: 'planChanged',
        reasonText: '',
        expectedRefundFen: estimate.refundFen,
      })
    }
    await useLanguage(page, lang)
    await loginWithPassword(page)
    try {
      await request.post('/dev/airline', { data: { refundOutcome: 'reject' } })
      await refundFirst()
      await airlineAnswers(request, token, orderId, 'retrograde')
    } finally {
      await request.post('/dev/airline', { data: { refundOutcome: 'accept' } })
    }
    await page.goto(details(orderId))
    await expectStatus(page, 'retrograde', lang)
    await expect(page.locator('.air-details__action--refund')).toBeVisible()
    await shot(page, '12-retrograde')
    await refundFirst()
    await airlineAnswers(request, token, orderId, 'partiallyRefunded')
    await page.reload()
    await expectStatus(page, 'partiallyRefunded', lang)
    await expect(page.locator('.air-ticket-status--refunded').locator('visible=true')).toHaveCount(1)
    await shot(page, '13-partially-refunded')
  })
}
