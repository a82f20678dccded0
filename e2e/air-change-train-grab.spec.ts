/**
 * An air change to a cheaper fare and a grab for several seat classes on the real product, in
 * Chinese and in English:
 * - an air change to a cheaper fare: the change screen says what comes back before the attendee
 *   confirms; the airline confirms; the order's timeline and change record say what went back;
 * - a grab request for several seat classes: the sold-out classes offered (the tapped one chosen),
 *   a second one added in order of preference, the grab list showing them in that order.
 * Orders and the railway login go through the API (their own specs drive those screens).
 * Screenshots go to /work/shots/air-change-train-grab/ (or E2E_SHOTS).
 */
import fs from 'node:fs'
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import dayjs from 'dayjs'
import { AIR_ORDER_STATUS } from '../contracts/order-status'
import { expandTrainList } from '../contracts/train-list'
import type { TrainListView } from '../contracts/calls/train'
import { api, key, tokenOf } from './air-support'
import { DEMO, loginWithPassword } from './support'

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/air-change-train-grab'
type Lang = 'zh' | 'en'
const TEXT = {
  zh: { voluntary: '自愿', planChanged: '行程变更', confirm: '确定', back: /^退 ¥[\d,.]+$/, timelineBack: /^改签差价 ¥[\d,.]+ 已原路退回$/ },
  en: {
    voluntary: 'Voluntary',
    planChanged: 'Plans changed',
    confirm: 'OK',
    back: /^¥[\d,.]+ back$/,
    timelineBack: /^Fare difference of ¥[\d,.]+ returned the way it was paid$/,
  },
}

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true })
  await expect(page.locator('.taro__toast *').locator('visible=true'))
    .toHaveCount(0, { timeout: 5000 })
    .catch(() => undefined)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function useLanguage(page: Page, lang: Lang): Promise<void> {
  if (lang === 'zh') return
  await page.goto(DEMO.entry)
  await expect(page).toHaveURL(/login/)
  await page.locator('.language-switch').click()
}

/** the server's clock moved on and its due jobs run until the order shows `status` */
async function untilStatus(request: APIRequestContext, token: string, orderId: number, status: string, advanceMs: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await request.post('/dev/clock', { data: { advanceMs } })
        return (await api<{ status: string }>(request, token, '/api/flight/flight/findOrderDetails', { orderId })).status
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(status)
}

interface FlightRef {
  date: string
  flightNo: string
  depAirport: string
  arrAirport: string
}
interface Cabin {
  cabinCode: string
  adult: { fareFen: number; totalFen: number }
  seatsLeft: number
  policy: { withinPolicy: boolean }
}

/** Shanghai → Beijing in 10 days in the dearest cabin the policy allows (cheaper ones are left the day after), paid by the company, ticketed */
async function dearOrder(request: APIRequestContext, token: string): Promise<number> {
  const date = dayjs().add(8, 'hour').add(10, 'day').format('YYYY-MM-DD')
  const list = await api<{ flights: Array<FlightRef & { bookable: boolean }> }>(request, token, '/api/flight/flight/findFlightList', {
    depCode: 'SHA',
    arrCode: 'BJS',
    date,
  })
  let best: { ref: FlightRef; cabin: Cabin } | null = null
  for (const f of list.flights.filter((x) => x.bookable).slice(0, 8)) {
    const ref = { date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport }
    const { cabins } = await api<{ cabins: Cabin[] }>(request, token, '/api/flight/flight/findCabinsList', { flight: ref })
    for (const c of cabins) if (c.policy.withinPolicy && c.seatsLeft > 0 && (!best || c.adult.fareFen > best.cabin.adult.fareFen)) best = { ref, cabin: c }
  }
  const { ref, cabin } = best!
  const order = await api<{ orderId: number }>(request, token, '/api/flight/flight/ticketBooking', {
    idempotencyKey: key(),
    flight: ref,
    cabinCode: cabin.cabinCode,
    passengers: [
      {
        name: '张三',
        documentType: 'idCard',
        documentNumber: '11010519491231002X',
        sex: 'female',
        birthDate: '1949-12-31',
        mobile: '',
        insurance: false,
        contactKey: '',
      },
    ],
    contact: { name: '张三', mobile: DEMO.mobile, email: '' },
    remark: '',
    agreementAccepted: true,
    expectedTotalFen: cabin.adult.totalFen,
    overPolicyReason: '',
  })
  await api(request, token, '/api/flight/pay/payOnBusiness', { orderId: order.orderId, idempotencyKey: key() })
  await untilStatus(request, token, order.orderId, 'ticketed', 0)
  return order.orderId
}

test.beforeAll(async ({ request }) => {
  await request.post('/dev/airline', { data: { issueOutcome: 'issue', issueDelayMs: 0, changeOutcome: 'accept', afterSaleDelayMs: 2000 } })
  await request.post('/dev/railway', { data: { ticketing: 'issue', ticketingDelayMs: 1500, login: 'auto' } })
})

for (const lang of ['zh', 'en'] as const) {
  const t = TEXT[lang]

  test(`${lang}: an air change to a cheaper fare shows the amount back before confirming, and in the timeline after`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const token = await tokenOf(request)
    const orderId = await dearOrder(request, token)
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(`/pages/airTicket/ticketChanging/index?ehc=demo&ec=DEMO&orderId=${orderId}`)
    await page.locator('.air-route__item').first().click()
    await page.locator('.air-choice__item:not(.air-route__item)').first().click()
    await page.getByText(t.voluntary, { exact: true }).click()
    await page.getByText(t.planChanged, { exact: true }).click()
    // the day after the booked flight
    await page.locator('.air-change__day').nth(2).click()
    const cheaper = page.locator('.air-rebook__cabin').filter({ has: page.locator('.air-rebook__due.is-back') })
    await expect(cheaper.first()).toBeVisible()
    await expect(cheaper.first().locator('.air-rebook__due')).toHaveText(t.back)
    await cheaper.first().click()
    const back = (await page.locator('.air-change-cost__back').textContent())!
    expect(back).toMatch(/^¥[\d,.]+$/)
    await page.locator('.air-change-cost').scrollIntoViewIfNeeded()
    await shot(page, `${lang}-air-change-cheaper`)
    await page.locator('.air-change__submit').click()
    await expect(page.locator('.taro-modal__content')).toContainText(back)
    // the modal fades in: the picture after its animation (not an assertion)
    await page.waitForTimeout(600)
    await shot(page, `${lang}-air-change-cheaper-confirm`)
    await page.locator('.taro-modal__foot').getByText(t.confirm, { exact: true }).click()
    await expect(page).toHaveURL(/airOrderDetails/)
    await untilStatus(request, token, orderId, 'changed', 3000)
    await page.reload()
    await expect(page.locator('.air-order-head .air-status').locator('visible=true')).toHaveText(AIR_ORDER_STATUS.changed[lang])
    const timelineBack = page.locator('.air-timeline__back')
    await expect(timelineBack).toHaveCount(1)
    await expect(timelineBack).toHaveText(t.timelineBack)
    await expect(timelineBack).toContainText(back)
    await expect(page.locator('.air-record__back')).toContainText(back)
    await page.locator('.air-details__timeline').scrollIntoViewIfNeeded()
    await shot(page, `${lang}-air-change-cheaper-done`)
  })

  test(`${lang}: a grab request for two seat classes, in order of preference`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const token = await tokenOf(request)
    await api(request, token, '/api/biz/tmcLogin/loginRailway', { account: 'demo12306', password: 'Rail@2026', agreed: true })
    // a G train some days ahead (each language its own day: the railway sells a passenger one ticket per train)
    const date = dayjs()
      .add(8, 'hour')
      .add(lang === 'zh' ? 5 : 6, 'day')
      .format('YYYY-MM-DD')
    const { trains } = expandTrainList(
      await api<TrainListView>(request, token, '/api/biz/tmcTrain/queryTrainTicket', { fromStationCode: 'AOH', toStationCode: 'VNP', date }),
    )
    const g = trains.find(
      (x) => x.trainType === 'G' && x.bookable && x.seats.some((s) => s.seatType === 'first') && x.seats.some((s) => s.seatType === 'second'),
    )!
    for (const seatType of ['first', 'second']) {
      expect((await request.post('/dev/railway/seats', { data: { trainCode: g.trainCode, date: g.date, seatType, action: 'sellOut' } })).ok()).toBe(true)
    }
    await useLanguage(page, lang)
    await loginWithPassword(page)
    await page.goto(
      `/pages/trainTicket/oneWayReservation/index?ehc=demo&ec=DEMO&trainCode=${g.trainCode}&date=${g.date}&from=${g.from.code}&to=${g.to.code}&seat=second&grab=1`,
    )
    const classes = page.locator('.reservation__grab-class')
    await expect(classes.first()).toBeVisible()
    await expect(classes.first().locator('.reservation__grab-rank')).toHaveText('1')
    // first class, outside DEMO's policy (a reason then), as the second choice
    const first = classes.filter({ has: page.locator('.reservation__grab-name', { hasText: lang === 'zh' ? '一等座' : 'First class' }) })
    await expect(first.locator('.reservation__grab-outside')).toBeVisible()
    await first.click()
    await expect(first.locator('.reservation__grab-rank')).toHaveText('2')
    await page
      .locator('.reservation__traveller')
      .filter({ has: page.locator('.traveller-card__type--adult') })
      .first()
      .locator('.reservation__pick')
      .click()
    await page.locator('.text-field--overPolicyReason input').fill(lang === 'zh' ? '会议日程紧' : 'Tight schedule')
    await page.locator('.agree-check--reservation .agree-check__box').click()
    await page.locator('.reservation__grab-classes').scrollIntoViewIfNeeded()
    await shot(page, `${lang}-grab-classes`)
    await page.locator('.reservation__submit').click()
    await expect(page.locator('.taro-modal__content')).toBeVisible()
    await page.locator('.taro-modal__foot').getByText(t.confirm, { exact: true }).click()
    await expect(page).toHaveURL(/homePage/)
    const pending = page.locator('.train-grab--pending').first()
    await expect(pending.locator('.train-grab__classes')).toHaveText(lang === 'zh' ? '二等座 › 一等座' : /^Second class › First class$/i)
    await pending.scrollIntoViewIfNeeded()
    await shot(page, `${lang}-grab-list`)
  })
}
