/**
 * Air tickets as an attendee goes through them, on the real product (sandbox airline and WeChat
 * Pay): search Shanghai → Beijing, filter, pick a cabin, reserve for an adult and an infant with
 * insurance, pay by the company and by WeChat Pay (the QR code's sandbox page confirms, as a
 * phone scanning it would), and see the ticket drawn, in Chinese and in English. Screenshots go to
 * /work/shots/air/ (or E2E_SHOTS).
 */
import { test, expect, type Page } from '@playwright/test'
import dayjs from 'dayjs'
import { DEMO, expectToast, fill, loginWithPassword } from './support'

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/air'

/** an 18-digit ID card number with its GB 11643 check digit, for a birth date */
function idCard(birth: string, serial = '012'): string {
  const body = `110105${birth.replace(/-/g, '')}${serial}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = body.split('').reduce((s, c, i) => s + Number(c) * weights[i], 0)
  return body + '10X98765432'[sum % 11]
}

const TEXT = {
  zh: {
    search: '搜索机票',
    book: '预订',
    submit: '提交订单',
    drawn: '出票成功',
    company: /^公司支付/,
    wechat: /^微信支付/,
    confirm: '确认支付',
    agree: '请阅读并同意预订协议',
    noFlights: '没有找到符合条件的航班',
  },
  en: {
    search: 'Search flights',
    book: 'Book',
    submit: 'Submit order',
    drawn: 'Tickets issued',
    company: /^Company pays/,
    wechat: /^Pay .* with WeChat Pay/,
    confirm: 'Confirm',
    agree: 'Please read and agree to the reservation agreement',
    noFlights: 'No flights found',
  },
}

async function useLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  // the login page's switch, as a person does it (the choice is kept for the whole app)
  if (lang === 'zh') return
  await page.goto(DEMO.entry)
  await expect(page).toHaveURL(/login/)
  await page.locator('.language-switch').click()
}

async function pickPlace(page: Page, which: 'dep' | 'arr', keyword: string): Promise<void> {
  await page.locator(`.air-inquiry__place--${which}`).click()
  const input = page.locator('.air-picker__input input')
  await input.fill(keyword)
  // the search answers (the full list shows until then); the first match is the city itself
  const first = page.locator('.air-picker__city-name').first()
  await expect(first).toContainText(keyword)
  await first.click()
  await expect(page.locator('.air-sheet')).toBeHidden()
}

async function reserveAdultAndInfant(page: Page, t: (typeof TEXT)['zh'], flightDate: string): Promise<void> {
  const infantBirth = dayjs(flightDate).subtract(1, 'year').format('YYYY-MM-DD')
  await page.locator('.air-reserve__add').click()
  await page.locator('.air-reserve__add').click()
  const cards = page.locator('.air-passenger')
  await expect(cards).toHaveCount(2)
  await cards.nth(0).locator('.text-field--passenger-name input').fill('张三')
  await cards.nth(0).locator('.text-field--passenger-document input').fill('11010519491231002X')
  await cards.nth(1).locator('.text-field--passenger-name input').fill('张小宝')
  await cards.nth(1).locator('.text-field--passenger-document input').fill(idCard(infantBirth))
  await expect(cards.nth(1).locator('.air-tag--infant')).toBeVisible()
  // insurance is on for both (20 yuan each)
  await expect(page.locator('.air-passenger__insurance[aria-checked="true"]')).toHaveCount(2)
  await fill(page, 'contact-name', '张三')
  await fill(page, 'contact-mobile', DEMO.mobile)
  // the agreement is asked for before anything is sent
  await page.locator('.air-bottombar__submit').click()
  await expectToast(page, t.agree)
  await page.locator('.air-reserve__agree .air-check').click()
  await page.locator('.air-reserve__detail-toggle').click()
  await expect(page.locator('.air-price__line--insurance')).toBeVisible()
}

for (const lang of ['zh', 'en'] as const) {
  for (const payer of ['company', 'wechat'] as const) {
    test(`${lang}: Shanghai → Beijing, adult and infant, paid by ${payer}, ticket drawn`, async ({ page }) => {
      test.setTimeout(180_000)
      const t = TEXT[lang]
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${lang}-${payer}-${name}.png` })
      await useLanguage(page, lang)
      await loginWithPassword(page)
      await page.goto('/pages/airTicket/airTicketInquiry/index?ehc=demo&ec=DEMO')
      await pickPlace(page, 'dep', lang === 'zh' ? '上海' : 'Shanghai')
      await pickPlace(page, 'arr', lang === 'zh' ? '北京' : 'Beijing')
      await shot('1-inquiry')
      await page.locator('.air-inquiry__search').click()

      await expect(page).toHaveURL(/oneWayTicket/)
      const date = new URL(page.url()).searchParams.get('date') as string
      await expect(page.locator('.air-flight').first()).toBeVisible()
      await shot('2-list')
      // filter: the first airline only; every row left is that airline's
      await page.locator('.air-sortbar__filter').click()
      const airline = page.locator('.air-filter__group').nth(1).locator('.air-chip').first()
      const airlineName = (await airline.textContent()) ?? ''
      await airline.click()
      await page.locator('.air-filter__apply').click()
      await expect(page.locator('.air-flight').first()).toBeVisible()
      for (const foot of await page.locator('.air-flight__foot').all()) await expect(foot).toContainText(airlineName)
      await page.locator('.air-sortbar__item').nth(2).click()
      await shot('3-filtered')

      await page.locator('.air-flight:not(.is-unavailable)').first().click()
      await expect(page.locator('.air-cabin').first()).toBeVisible()
      await expect(page.locator('.air-policy').first()).toBeVisible()
      await page.locator('.air-cabin .air-link').first().click()
      await expect(page.locator('.air-rule__row').nth(1)).toBeVisible()
      await shot('4-rules')
      await page.locator('.air-sheet__close').last().click()
      await page.locator('.air-cabin__book:not(.at-button--disabled)').first().click()

      await expect(page).toHaveURL(/airTicketReservation/)
      await reserveAdultAndInfant(page, t, date)
      await shot('5-reservation')
      const booked = page.waitForResponse((r) => r.url().includes('/api/flight/flight/ticketBooking'))
      await page.locator('.air-bottombar__submit').click()
      expect(((await (await booked).json()) as { msgId: string }).msgId).toBe('')

      await expect(page).toHaveURL(/airPayPage/)
      await expect(page.locator('.air-deadline')).toBeVisible()
      await shot('6-pay')
      if (payer === 'company') {
        await page.locator('.pay-panel__button--company').click()
        await page.locator('.taro-modal__foot').getByText(t.confirm).click()
      } else {
        const opened = page.waitForResponse((r) => r.url().includes('/api/flight/pay/createOrderPay'))
        await page.locator('.pay-panel__button--wechat').click()
        const pay = (await (await opened).json()) as { data: { codeUrl: string } }
        await expect(page.locator('.pay-qr__image')).toBeVisible()
        await shot('7-qr')
        // the phone that scans the code opens the sandbox cashier and confirms
        const cashier = await page.context().newPage()
        await cashier.goto(pay.data.codeUrl)
        await cashier.locator('#confirm-pay').click()
        await expect(cashier.locator('#pay-state')).toBeVisible()
        await cashier.close()
      }

      await expect(page).toHaveURL(/airTicketDetails/, { timeout: 30_000 })
      await expect(page.getByText(t.drawn)).toBeVisible({ timeout: 60_000 })
      await expect(page.locator('.air-ticket__no')).toHaveCount(2)
      await shot('8-ticket')
    })
  }
}

test('zh: the airline fails to issue: the ticket page says so and that the money goes back', async ({ page, request }) => {
  test.setTimeout(180_000)
  await request.post('/dev/airline', { data: { issueOutcome: 'fail' } })
  try {
    await loginWithPassword(page)
    await page.goto('/pages/airTicket/airTicketInquiry/index?ehc=demo&ec=DEMO')
    await pickPlace(page, 'dep', '上海')
    await pickPlace(page, 'arr', '北京')
    await page.locator('.air-inquiry__search').click()
    await page.locator('.air-flight:not(.is-unavailable)').first().click()
    await page.locator('.air-cabin__book:not(.at-button--disabled)').first().click()
    await expect(page).toHaveURL(/airTicketReservation/)
    await page.locator('.air-reserve__add').click()
    await page.locator('.air-passenger .text-field--passenger-name input').fill('张三')
    await page.locator('.air-passenger .text-field--passenger-document input').fill('11010519491231002X')
    await fill(page, 'contact-name', '张三')
    await fill(page, 'contact-mobile', DEMO.mobile)
    await page.locator('.air-reserve__agree .air-check').click()
    await page.locator('.air-bottombar__submit').click()
    await expect(page).toHaveURL(/airPayPage/)
    await page.locator('.pay-panel__button--company').click()
    await page.locator('.taro-modal__foot').getByText(TEXT.zh.confirm).click()
    await expect(page).toHaveURL(/airTicketDetails/, { timeout: 30_000 })
    await expect(page.getByText('出票失败，支付款项将原路退回')).toBeVisible({ timeout: 60_000 })
    await page.screenshot({ path: `${SHOTS}/zh-issue-failed.png` })
  } finally {
    await request.post('/dev/airline', { data: { issueOutcome: 'issue' } })
  }
})
