import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import fs from 'fs'
import { inServiceHours, loginWithPassword } from './support'

/**
 * Train tickets after the booking, as an attendee goes through them: a two-adult order paid by
 * the company (booked through the API: the booking screens are e2e/train.spec.ts's), one ticket
 * changed to a dearer train (the company pays the difference) and the other refunded with the fee
 * shown before confirming; an unpaid order cancelled from its details; an order left unpaid past
 * its deadline (/dev/clock) booked again in one tap; every label seen in My orders in Chinese and
 * English. Screenshots of every page in both languages go to /work/shots/train-aftersales when it
 * exists.
 */
const Q = 'ehc=demo&ec=DEMO'
const RAILWAY = { account: 'demo12306', password: 'Rail@2026' }
/** a second adult traveller (a valid GB 11643 number) */
const SECOND = { name: '王芳', id: '11010519491231002X' }
const SHOTS = '/work/shots/train-aftersales'
const page_ = (name: string, query = '') => `/pages/trainTicket/${name}/index?${Q}${query}`

const shot = async (page: Page, name: string) => {
  const path = fs.existsSync(SHOTS) ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: false })
}

/** the attendee's token as the app stored it after logging in */
async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('attendee-app'))
  let v: unknown = raw ? JSON.parse(raw) : null
  // Taro's H5 storage wraps the value ({data}); zustand stores its own JSON string inside
  while (v && typeof v === 'object' && 'data' in v) v = (v as { data: unknown }).data
  if (typeof v === 'string') v = JSON.parse(v)
  const token = (v as { state?: { token?: string } })?.state?.token
  expect(token).toBeTruthy()
  return token as string
}

type Api = <T = unknown>(path: string, body?: object) => Promise<T>
function apiOf(request: APIRequestContext, token: string): Api {
  return async <T>(path: string, body: object = {}) => {
    const res = await request.post(path, { data: body, headers: { authorization: token, lang: 'zh' } })
    const env = (await res.json()) as { msgId: string; msgText: string; data: T }
    expect(env.msgId, `${path}: ${env.msgText}`).toBe('')
    return env.data
  }
}

interface Order {
  id: number
  status: string
  passengers: Array<{ id: number; name: string }>
}

let keys = 0
const key = () => `e2e-aftersales-${Date.now()}-${++keys}`

/**
 * Books Shanghai → Beijing `daysAhead` days from the railway's today in second class for the
 * attendee (and the second adult when `two`), and answers the order (toBePaid)
 */
async function book(api: Api, daysAhead: number, two: boolean): Promise<Order> {
  await api('/api/biz/tmcLogin/loginRailway', { ...RAILWAY, agreed: true })
  const sale = await api<{ today: string }>('/api/biz/tmcTrain/getPreSaleDay')
  const date = new Date(Date.parse(`${sale.today}T00:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10)
  let travellers = await api<Array<{ id: number; name: string; documentNumber: string }>>('/api/biz/tmcPassenger/list')
  if (two && !travellers.some((x) => x.documentNumber === SECOND.id)) {
    await api('/api/biz/tmcPassenger/save', {
      name: SECOND.name,
      documentType: 'idCard',
      documentNumber: SECOND.id,
      passengerType: 'adult',
      mobile: '13800138002',
    })
    travellers = await api('/api/biz/tmcPassenger/list')
  }
  const me = travellers.find((x) => x.documentNumber !== SECOND.id) ?? travellers[0]
  const other = travellers.find((x) => x.documentNumber === SECOND.id)
  // the answer's compact form (contracts/train-list.ts): stations by code, the date in departAt
  type Offer = {
    trainCode: string
    trainType: string
    departAt: string
    bookable: boolean
    fromCode: string
    toCode: string
    seats: Array<[seatType: string, priceFen: number, childPriceFen: number, left: number, withinPolicy: boolean]>
  }
  const found = await api<{ trains: Offer[] }>('/api/biz/tmcTrain/queryTrainTicket', { fromStationCode: 'AOH', toStationCode: 'VNP', date })
  const second = (t: Offer) => t.seats.find(([seatType, , , left, withinPolicy]) => seatType === 'second' && left >= 2 && withinPolicy)
  const fits = found.trains.filter((t) => t.bookable && second(t))
  // a train with a dearer one in the policy's class the same day between the same stations: the
  // change to it costs a difference the company pays
  const dearer = (t: Offer) => fits.some((x) => x.fromCode === t.fromCode && x.toCode === t.toCode && (second(x)?.[1] ?? 0) > (second(t)?.[1] ?? 0))
  const train = fits.find(dearer)
  expect(train).toBeTruthy()
  const passengers = [{ travellerId: me.id, passengerType: 'adult' }, ...(two && other ? [{ travellerId: other.id, passengerType: 'adult' }] : [])]
  return api<Order>('/api/train/orderInfo/save', {
    idempotencyKey: key(),
    trainCode: train?.trainCode,
    date: train?.departAt.slice(0, 10),
    fromStationCode: train?.fromCode,
    toStationCode: train?.toCode,
    seatType: 'second',
    passengers,
    contactName: 'Demo',
    contactMobile: '13800138000',
    agreed: true,
  })
}

/** the company pays; the railway issues (asked until it has) */
async function payAndIssue(api: Api, orderId: number): Promise<void> {
  await api('/api/train/orderInfo/payOnBusiness', { orderId, idempotencyKey: key() })
  await expect.poll(async () => (await api<Order>('/api/train/orderInfo/askOrderTicket', { orderId })).status, { timeout: 20_000 }).toBe('issued')
}

/** the attendee pays an order (or a change's difference) by WeChat Pay: the sandbox's payer confirms the QR code's payment */
async function payByWeChat(api: Api, request: APIRequestContext, orderId: number, changeId?: number): Promise<void> {
  const r = await api<{ payment: { codeUrl: string } }>('/api/train/orderInfo/paymentOrder', {
    orderId,
    idempotencyKey: key(),
    tradeType: 'NATIVE',
    wxCode: '',
    ...(changeId ? { changeId } : {}),
  })
  const url = new URL(r.payment.codeUrl, 'http://localhost')
  expect((await request.post(`${url.pathname}${url.search}`, { headers: { accept: 'application/json' } })).ok()).toBe(true)
}

/** moves the server's clock on (the railway sandbox answers refunds and changes after its delay) */
const advance = (request: APIRequestContext, ms: number) => request.post('/dev/clock', { data: { advanceMs: ms } })

test.use({ viewport: { width: 390, height: 844 } })

test.beforeEach(async ({ request }) => {
  await inServiceHours(request)
  await request.post('/dev/railway', {
    data: { ticketing: 'issue', ticketingDelayMs: 500, login: 'auto', refund: 'auto', change: 'auto', aftersaleDelayMs: 1000 },
  })
})

test('a two-adult order paid by the company: one ticket changed (difference paid), the other refunded with its fee shown first', async ({ page, request }) => {
  await loginWithPassword(page)
  const api = apiOf(request, await tokenOf(page))
  const order = await book(api, 5, true)
  await payAndIssue(api, order.id)

  // My orders → the order's details
  await page.goto(page_('myOrder'))
  const row = page.locator('.my-orders__row:visible', { hasText: '已出票' }).first()
  await expect(row).toBeVisible()
  await shot(page, 'my-orders-zh')
  await page.goto(page_('orderDetailsPage', `&orderId=${order.id}`))
  await expect(page.locator('.order-details__status:visible')).toHaveText('已出票')
  await expect(page.locator('.order-details__pickup-no:visible')).toHaveText(/\S+/)
  await expect(page.locator('.order-details__seat-no:visible').first()).toHaveText(/\d+车 \S+/)
  await expect(page.locator('.order-details__passenger:visible')).toHaveCount(2)
  await shot(page, 'order-details-zh')

  // change the first passenger's ticket to a dearer train the same day
  await page.locator('.order-details__action--change:visible').click()
  await expect(page).toHaveURL(/ticketChangesPage/)
  await page.locator('.change-tickets__passenger:visible').first().click()
  await shot(page, 'ticket-changes-pick-zh')
  await page.locator('.change-tickets__ask:visible').click()
  await expect(page.locator('.change-tickets__quote:visible').first()).toBeVisible()
  const dearerQuote = page.locator('.change-tickets__quote:not(.is-off):visible', { has: page.locator('.change-tickets__quote-diff.is-pay:visible') }).first()
  await dearerQuote.click()
  await expect(page.locator('.change-diff__row--total:visible')).toContainText('需补差价')
  await page.locator('.change-tickets__chip:visible', { hasText: '会议变更' }).click()
  await shot(page, 'ticket-changes-quote-zh')
  await page.locator('.change-tickets__save:visible').click()

  // the company's account pays the difference at once; the railway confirms after its delay
  await expect(page).toHaveURL(/succeededInreSigning/)
  await expect(page.locator('.resigned__hint:visible').first()).toContainText('公司')
  await advance(request, 5_000)
  await expect(page.locator('.resigned__title:visible')).toHaveText('改签成功', { timeout: 40_000 })
  await expect(page.locator('.resigned__seat:visible').first()).toHaveText(/\d+车/)
  await shot(page, 'succeeded-resigning-zh')

  // refund the other passenger's ticket: fee and amount back shown before confirming
  await page.locator('.resigned__order:visible').click()
  await expect(page).toHaveURL(/orderDetailsPage/)
  await expect(page.locator('.order-details__status:visible')).toHaveText('部分改签')
  await page.locator('.order-details__action--refund:visible').click()
  await page.locator('.refund-sheet__ticket:visible', { hasText: SECOND.name }).click()
  await expect(page.locator('.refund-sheet__fee:visible')).toHaveText(/^-¥/)
  await expect(page.locator('.refund-sheet__back:visible')).toHaveText(/^¥\d/)
  await page.locator('.refund-sheet__reason:visible').first().click()
  await shot(page, 'refund-estimate-zh')
  await page.locator('.refund-sheet__confirm:visible').click()
  await expect(page.locator('.order-details__status:visible')).toHaveText('退票中')
  await advance(request, 5_000)
  await expect(page.locator('.order-details__status:visible')).not.toHaveText('退票中', { timeout: 40_000 })
  await expect(page.locator('.order-details__ticket-state:visible', { hasText: '已退票' })).toHaveCount(1)
  await shot(page, 'order-details-after-zh')
})

test('an unpaid order cancelled from its details; an overdue one booked again in one tap', async ({ page, request }) => {
  await loginWithPassword(page)
  const api = apiOf(request, await tokenOf(page))
  const unpaid = await book(api, 6, false)
  await page.goto(page_('orderDetailsPage', `&orderId=${unpaid.id}`))
  await expect(page.locator('.order-details__status:visible')).toHaveText('待支付')
  await page.locator('.order-details__action--cancel:visible').click()
  await page
    .locator('.taro-modal__foot')
    .getByText(/确定|确认/)
    .click()
  await expect(page.locator('.order-details__status:visible')).toHaveText('已取消')

  const late = await book(api, 7, false)
  expect((await advance(request, 21 * 60_000)).ok()).toBe(true)
  await page.goto(page_('myOrder'))
  const overdue = page.locator('.my-orders__row:visible', { hasText: '支付超时（可重新预订）' }).first()
  await expect(overdue).toBeVisible()
  await overdue.locator('.my-orders__action--rebook').click()
  await expect(page).toHaveURL(new RegExp(`paymentOverduePage/index\\?.*orderId=${late.id}`))
  await shot(page, 'payment-overdue-zh')
  await page.locator('.payment-overdue__rebook:visible').click()
  await expect(page).toHaveURL(/oneWayReservation\/index\?.*seat=second/)
  await expect(page.locator('.reservation__traveller.is-chosen')).toHaveCount(1)
})

test("an order the attendee paid by WeChat Pay: the change's higher fare paid by WeChat Pay too", async ({ page, request }) => {
  await loginWithPassword(page)
  const api = apiOf(request, await tokenOf(page))
  const order = await book(api, 8, false)
  await payByWeChat(api, request, order.id)
  await expect.poll(async () => (await api<Order>('/api/train/orderInfo/askOrderTicket', { orderId: order.id })).status, { timeout: 20_000 }).toBe('issued')

  await page.goto(page_('ticketChangesPage', `&orderId=${order.id}`))
  await page.locator('.change-tickets__passenger:visible').first().click()
  await page.locator('.change-tickets__ask:visible').click()
  await page
    .locator('.change-tickets__quote:not(.is-off):visible', { has: page.locator('.change-tickets__quote-diff.is-pay') })
    .first()
    .click()
  await page.locator('.change-tickets__chip:visible', { hasText: '行程变更' }).click()
  await page.locator('.change-tickets__save:visible').click()

  // the difference waits for the attendee's WeChat payment: a QR code in a browser
  await expect(page.locator('.change-pay__deadline:visible')).toContainText('内支付')
  await page.locator('.pay-panel__button--wechat:visible').click()
  await expect(page.locator('.pay-panel__scan:visible')).toBeVisible()
  await shot(page, 'change-pay-wechat-zh')
  const waiting = await api<{ changeToPay: { changeId: number } | null; status: string }>('/api/train/orderInfo/getTrainOrderInfo', { orderId: order.id })
  expect(waiting.status).toBe('changeToProcess')
  await payByWeChat(api, request, order.id, waiting.changeToPay?.changeId)
  await expect(page).toHaveURL(/succeededInreSigning/, { timeout: 30_000 })
  await expect(page.locator('.resigned__hint:visible').first()).toContainText('微信')
  await advance(request, 5_000)
  await expect(page.locator('.resigned__title:visible')).toHaveText('改签成功', { timeout: 40_000 })
})

test('every label in My orders, in Chinese and in English', async ({ page }) => {
  await loginWithPassword(page)
  await page.goto(page_('myOrder'))
  await expect(page.locator('.my-orders__row:visible').first()).toBeVisible()
  const zh = await page.locator('.my-orders__status:visible').allTextContents()
  for (const label of ['已取消', '支付超时（可重新预订）']) expect(zh).toContain(label)
  // the order of the first test: one ticket changed, the other refunded
  expect(zh.some((s) => ['部分退票', '改签后已退票', '部分改签', '已改签'].includes(s))).toBe(true)
  await page.locator('.my-orders__chip:visible').nth(4).click()
  await expect(page.locator('.my-orders__chip:visible').nth(4)).toHaveClass(/is-on/)
  await page.locator('.my-orders__chip:visible').first().click()

  // the language is switched where the app offers it (the train home), and holds everywhere
  await page.goto(page_('homePage'))
  await page.locator('.language-switch:visible').click()
  await expect(page.locator('.train-search__submit')).toHaveText('Search trains')
  await page.goto(page_('myOrder'))
  await expect(page.locator('.my-orders__chip:visible').first()).toHaveText('All')
  await expect(page.locator('.my-orders__status:visible').first()).toHaveText(/^[A-Z]/)
  const en = await page.locator('.my-orders__status:visible').allTextContents()
  for (const label of ['Canceled', 'Payment overdue (can rebook)']) expect(en).toContain(label)
  expect(en.some((s) => ['Partially refunded', 'Changed and refunded', 'Partially changed', 'Changed'].includes(s))).toBe(true)
  await shot(page, 'my-orders-en')

  const issued = page.locator('.my-orders__row:visible', { hasText: /Partially|Changed/ }).first()
  await issued.click()
  await expect(page).toHaveURL(/orderDetailsPage/)
  await expect(page.locator('.order-details__label:visible').first()).toHaveText('Order number')
  await shot(page, 'order-details-en')
  await page.locator('.order-details__timeline:visible').scrollIntoViewIfNeeded()
  await shot(page, 'order-details-timeline-en')
})
