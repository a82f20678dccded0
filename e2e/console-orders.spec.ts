import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './a11y-support'
import fs from 'node:fs'
import { ADMIN, consoleLogin, openConsole, shot } from './console-support'
import { DEMO, inServiceHours } from './support'

/**
 * The travel desk in the console (the platform administrator, who may act on every event): the attendee books two trains through the app's API, the railway sandbox
 * fails the ticketing of one (POST /dev/railway) and issues the other; the desk sees both, opens
 * the issued one and refunds it after confirming, in Chinese and English, axe on each screen.
 * Then an attendee pays by WeChat Pay, the sandbox's record of it is made to differ
 * (POST /dev/wechatpay/trade: it took one fen) and the desk's reconciliation with the trade bill
 * shows the difference, in Chinese and (by keyboard) English, and downloads it as CSV.
 * Screenshots go to /work/shots/console.
 */

const ZH = { userName: '用户名', password: '密码', submit: '登录' }
const EN = { userName: 'User name', password: 'Password', submit: 'Log in' }
const RAILWAY = { account: 'demo12306', password: 'Rail@2026' }
let keys = 0
const key = () => `e2e-desk-${Date.now()}-${++keys}`

type Api = <T = unknown>(path: string, body?: object) => Promise<T>
async function attendeeApi(request: APIRequestContext): Promise<Api> {
  const login = await request.post('/api/guest/login', { data: { loginType: 'account', eventCode: 'DEMO', userName: DEMO.userName, password: DEMO.password } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  return async <T>(path: string, body: object = {}) => {
    const res = await request.post(path, { data: body, headers: { authorization: token, lang: 'zh' } })
    const env = (await res.json()) as { msgId: string; msgText: string; data: T }
    expect(env.msgId, `${path}: ${env.msgText}`).toBe('')
    return env.data
  }
}

/** the attendee pays by WeChat Pay: the sandbox's payer confirms the QR code's payment; answers its payment number */
async function payByWeChat(api: Api, request: APIRequestContext, orderId: number): Promise<string> {
  const r = await api<{ payment: { codeUrl: string; paymentNo: string } }>('/api/train/orderInfo/paymentOrder', {
    orderId,
    idempotencyKey: key(),
    tradeType: 'NATIVE',
    wxCode: '',
  })
  const url = new URL(r.payment.codeUrl, 'http://localhost')
  expect((await request.post(`${url.pathname}${url.search}`, { headers: { accept: 'application/json' } })).ok()).toBe(true)
  return r.payment.paymentNo
}

const byCompany = (api: Api) => async (orderId: number) => void (await api('/api/train/orderInfo/payOnBusiness', { orderId, idempotencyKey: key() }))

/** books one adult on a train `daysAhead` days on and pays it (by the company unless told); answers the order id */
async function bookAndPay(api: Api, daysAhead: number, pay: (orderId: number) => Promise<unknown> = byCompany(api)): Promise<{ id: number; orderNo: string }> {
  const order = await book(api, daysAhead)
  await pay(order.id)
  return order
}

/** books one adult on a train `daysAhead` days on, unpaid */
async function book(api: Api, daysAhead: number): Promise<{ id: number; orderNo: string }> {
  await api('/api/biz/tmcLogin/loginRailway', { ...RAILWAY, agreed: true })
  const sale = await api<{ today: string }>('/api/biz/tmcTrain/getPreSaleDay')
  const date = new Date(Date.parse(`${sale.today}T00:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10)
  const [me] = await api<Array<{ id: number }>>('/api/biz/tmcPassenger/list')
  type Offer = {
    trainCode: string
    departAt: string
    bookable: boolean
    fromCode: string
    toCode: string
    seats: Array<[string, number, number, number, boolean]>
  }
  const found = await api<{ trains: Offer[] }>('/api/biz/tmcTrain/queryTrainTicket', { fromStationCode: 'AOH', toStationCode: 'VNP', date })
  const train = found.trains.find((t) => t.bookable && t.seats.some(([s, , , left, within]) => s === 'second' && left >= 1 && within))!
  expect(train).toBeTruthy()
  const order = await api<{ id: number; orderNo: string }>('/api/train/orderInfo/save', {
    idempotencyKey: key(),
    trainCode: train.trainCode,
    date: train.departAt.slice(0, 10),
    fromStationCode: train.fromCode,
    toStationCode: train.toCode,
    seatType: 'second',
    passengers: [{ travellerId: me.id, passengerType: 'adult' }],
    contactName: 'Demo',
    contactMobile: '13800138000',
    agreed: true,
  })
  return order
}

const settled = (api: Api, orderId: number, status: string) =>
  expect.poll(async () => (await api<{ status: string }>('/api/train/orderInfo/askOrderTicket', { orderId })).status, { timeout: 20_000 }).toBe(status)

async function openDesk(page: Page): Promise<void> {
  await page.goto('/admin/')
  await consoleLogin(page, ADMIN, ZH)
  await expect(page.getByRole('heading', { name: '活动', exact: true })).toBeVisible()
  await page.goto('/admin/events/DEMO/orders')
}

// the console is desktop first
test.use({ viewport: { width: 1280, height: 900 } })

test('the travel desk sees a failed ticketing and refunds an issued order, in Chinese and English', async ({ page, request }) => {
  test.setTimeout(180_000)
  await inServiceHours(request)
  const api = await attendeeApi(request)
  await request.post('/dev/railway', { data: { ticketing: 'fail', ticketingDelayMs: 500, login: 'auto' } })
  const failed = await bookAndPay(api, 6)
  await settled(api, failed.id, 'failed')
  await request.post('/dev/railway', { data: { ticketing: 'issue', ticketingDelayMs: 500, refund: 'auto', aftersaleDelayMs: 1000 } })
  const issued = await bookAndPay(api, 7)
  await settled(api, issued.id, 'issued')

  await openDesk(page)
  await expect(page.getByRole('heading', { name: '差旅服务台：DEMO' })).toBeVisible()
  const failedRow = page.getByRole('row', { name: new RegExp(failed.orderNo) })
  await expect(failedRow).toContainText('出票失败')
  // the failed order's money went back to the company at once: nothing needs a person
  await expect(page.getByText('没有需要人工处理的订单')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'travel desk (zh)')
  await shot(page, 'orders-zh')

  // filters live in the address
  await page.getByLabel('搜索', { exact: true }).fill(issued.orderNo)
  await page.getByRole('button', { name: '搜索' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${issued.orderNo}`))
  await page.reload()
  await expect(page.getByRole('row', { name: new RegExp(issued.orderNo) })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(failed.orderNo) })).toHaveCount(0)

  await page.getByRole('button', { name: `查看: ${issued.orderNo}` }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toContainText('已出票')
  await drawer.getByRole('button', { name: '退款' }).click()
  await expect(page.getByText(`确定为订单 ${issued.orderNo} 办理退款？`)).toBeVisible()
  await shot(page, 'orders-refund-confirm-zh')
  await expectNoSeriousAxeViolations(page, 'travel desk refund dialog (zh)')
  await page.getByRole('tooltip').getByRole('button', { name: '退款' }).click()
  await expect(page.getByText('退款已提交')).toBeVisible()
  await expect(drawer).toContainText('退票中')
  await shot(page, 'orders-refunded-zh')
  await settled(api, issued.id, 'refunded')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await page.getByRole('button', { name: 'English' }).click()
  await page.goto('/admin/events/DEMO/orders')
  await expect(page.getByRole('heading', { name: 'Travel desk: DEMO' })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(issued.orderNo) })).toContainText('Refunded')
  await page.getByRole('tab', { name: 'Spend per attendee' }).click()
  await expect(page).toHaveURL(/tab=spend/)
  await expect(page.getByRole('columnheader', { name: 'Paid by the company' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'travel desk spend (en)')
  await shot(page, 'orders-spend-en')
})

test('the travel desk gives a failed ticketing’s money again once WeChat Pay refused its refund, in English', async ({ page, request }) => {
  test.setTimeout(180_000)
  await inServiceHours(request)
  const api = await attendeeApi(request)
  await request.post('/dev/railway', { data: { ticketing: 'fail', ticketingDelayMs: 500, login: 'auto' } })
  await request.post('/dev/wechatpay/switches', { data: { refundOutcome: 'ABNORMAL' } })
  try {
    const failed = await bookAndPay(api, 8, (orderId) => payByWeChat(api, request, orderId))
    await settled(api, failed.id, 'failed')

    await page.addInitScript(() => localStorage.setItem('console.lang', 'en'))
    await page.goto('/admin/')
    await consoleLogin(page, ADMIN, EN)
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible()
    await page.goto('/admin/events/DEMO/orders')
    // the automatic refund comes back refused: the order needs a person
    const needs = page.getByRole('region', { name: /Needs a person/ })
    const item = needs.getByRole('listitem').filter({ hasText: failed.orderNo })
    const nothingNeeded = page.getByText('No order needs a person')
    // the view is read when the page loads: load it again until the refund's answer is in
    const reloaded = async () => {
      await page.reload()
      await expect(needs.or(nothingNeeded)).toBeVisible({ timeout: 20_000 })
    }
    await expect
      .poll(
        async () => {
          await reloaded()
          return item.filter({ hasText: 'Refund failed' }).count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    await expectNoSeriousAxeViolations(page, 'travel desk, a refund refused (en)')
    await shot(page, 'orders-refund-failed-en')

    await request.post('/dev/wechatpay/switches', { data: { refundOutcome: 'SUCCESS' } })
    await item
      .first()
      .getByRole('button', { name: `Open: ${failed.orderNo}` })
      .click()
    const drawer = page.getByRole('dialog')
    await expect(drawer).toContainText('Failed to issue')
    await drawer.getByRole('button', { name: 'Refund' }).click()
    await page.getByRole('tooltip').getByRole('button', { name: 'Refund' }).click()
    // the drawer shows the order again as the server answered it: the money on its way
    await expect(drawer.getByRole('row', { name: /Being refunded/ })).toContainText('¥')
    await expect(drawer.getByRole('row', { name: /Being refunded/ })).not.toContainText('¥0.00')
    await shot(page, 'orders-refund-again-en')
    await page.keyboard.press('Escape')
    // the money is back: nothing needs a person
    await expect
      .poll(
        async () => {
          await reloaded()
          return nothingNeeded.count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    await shot(page, 'orders-settled-en')
  } finally {
    await request.post('/dev/wechatpay/switches', { data: { refundOutcome: 'SUCCESS' } })
  }
})

/** the server's China date (its clock may have been moved on) */
async function serverChinaDay(request: APIRequestContext): Promise<string> {
  const now = Date.parse(((await (await request.get('/dev/clock')).json()) as { now: string }).now)
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10)
}

test('the travel desk reconciles WeChat Pay’s bill and sees what the platform took differently, in Chinese and English', async ({ page, request }) => {
  test.setTimeout(180_000)
  await inServiceHours(request)
  await request.post('/dev/railway', { data: { ticketing: 'issue', ticketingDelayMs: 500, login: 'auto' } })
  const api = await attendeeApi(request)
  // the attendee pays by WeChat Pay: the sandbox's payer confirms the QR code's payment
  const order = await book(api, 4)
  const paymentNo = await payByWeChat(api, request, order.id)
  await settled(api, order.id, 'issued')
  // WeChat's record of it differs from ours: it took one fen
  const twisted = await request.post('/dev/wechatpay/trade', { data: { outTradeNo: paymentNo, amountFen: 1 } })
  expect(await twisted.json()).toEqual({ state: 'SUCCESS' })
  const day = await serverChinaDay(request)

  await openConsole(page, 'zh', '/events/DEMO/orders?tab=reconcile')
  await expect(page.getByRole('tab', { name: '微信支付对账', selected: true })).toBeVisible()
  await page.getByLabel('开始日期').fill(day)
  await page.getByLabel('结束日期').fill(day)
  await page.getByRole('button', { name: '开始对账' }).click()
  const row = page.getByRole('row', { name: new RegExp(order.orderNo) })
  await expect(row).toContainText('金额不符')
  await expect(row).toContainText('¥0.01')
  await expect(page.getByText('一致的收款')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'reconciliation (zh)')
  await shot(page, 'orders-reconcile-zh')

  // English, by keyboard: the dates typed, Enter runs it; the differences downloaded
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('tab', { name: 'WeChat Pay reconciliation', selected: true })).toBeVisible()
  await page.getByLabel('From').fill(day)
  await page.getByLabel('To', { exact: true }).fill(day)
  await page.getByLabel('To', { exact: true }).press('Enter')
  const rowEn = page.getByRole('row', { name: new RegExp(order.orderNo) })
  await expect(rowEn).toContainText('Amount differs')
  await expect(rowEn).toContainText('Paid')
  await expectNoSeriousAxeViolations(page, 'reconciliation (en)')
  await shot(page, 'orders-reconcile-en')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).click()])
  expect(download.suggestedFilename()).toMatch(/^wechatpay-reconciliation-DEMO-.*\.csv$/)
  const text = fs.readFileSync((await download.path())!, 'utf8')
  expect(text).toContain(order.orderNo)
  expect(text).toContain('Amount differs')
})
