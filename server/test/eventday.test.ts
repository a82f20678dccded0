/**
 * The event-day calls (contracts/calls/eventday.ts, contracts/calls/orders.ts): bad input, another
 * event's and another attendee's records, check-in codes (empty, unrecognised, illegal, another
 * event's), twice, offline and replayed check-ins, staff check-in, feedback, colleagues, table,
 * designed pages, travel rules and the order feeds.
 */
import { sql } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import {
  checkIn,
  getAttendanceCode,
  getCheckinStatus,
  getDesignPage,
  getEventDayInfo,
  getTableSeat,
  getTravelRules,
  listColleagues,
  saveFeedback,
} from '@contracts/calls/eventday'
import { pageBusinessOrders, pageOrders, type OrderSummary } from '@contracts/calls/orders'
import { MESSAGES } from '@contracts/messages'
import { COLLEAGUE_USER, DEMO_USER, LOCKED_ATTENDEE, LOCKED_EVENT } from '../src/seed'
import { DEMO_ENTRIES } from '../src/eventday/seed'
import { toShanghaiIso } from '../src/kernel/time/time'
import type { OrderFeedQuery } from '../src/orders/order-feed'
import { DEMO_CHECKIN_CODE, DEMO_CHECKIN_TEXT, LOCKED_CHECKIN_CODE, LOCKED_CHECKIN_TEXT } from './eventday-fixtures'
import { setup, type TestContext } from './helper'

let t: TestContext
const tokens = { demo: '', lilei: '', lockedDemo: '' }
let keySeq = 0
const key = () => `test-key-${String(++keySeq).padStart(4, '0')}`

async function login(eventCode: string, userName: string, password: string, extra: object = {}): Promise<string> {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode, userName, password, ...extra })
  expect(r.body.msgId).toBe('')
  return r.body.data.token
}

beforeAll(async () => {
  t = await setup()
  await t.reset()
  tokens.demo = await login('DEMO', DEMO_USER.userName, DEMO_USER.password)
  tokens.lilei = await login('DEMO', COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
  tokens.lockedDemo = await login(LOCKED_EVENT.eventCode, DEMO_USER.userName, DEMO_USER.password, { idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE })
})
afterAll(async () => t?.close())

const expectMsg = (r: { statusCode: number; body: { msgId: string } }, msgId: string) => {
  expect(r.statusCode).toBe(200)
  expect(r.body.msgId).toBe(msgId)
}

describe('info: entries, activity, venue, contacts', () => {
  it('answers the demo event as configured', async () => {
    const r = await t.post(getEventDayInfo.path, { eventCode: 'DEMO' })
    expect(r.body.msgId).toBe('')
    expect(r.body.data.entries).toEqual(DEMO_ENTRIES)
    expect(r.body.data.venue.latitude).toBeCloseTo(31.2397)
    expect(r.body.data.contacts.length).toBeGreaterThan(0)
    expect(r.body.data.activityZh).toContain('三天')
    expect(r.body.data.activityEn).toContain('three days')
  })
  it('a closed site, an unknown event and bad input', async () => {
    expectMsg(await t.post(getEventDayInfo.path, { eventCode: 'CLOSED' }), 'EEVT1002')
    expectMsg(await t.post(getEventDayInfo.path, { eventCode: 'NOPE' }), 'EEVT1001')
    for (const body of [{}, { eventCode: '' }, { eventCode: 7 }, { eventCode: 'x'.repeat(65) }]) expectMsg(await t.post(getEventDayInfo.path, body), 'EVAL0001')
  })
})

describe('check-in', () => {
  beforeEach(async () => {
    await t.db.db.execute(sql`DELETE FROM checkins`)
  })
  const scan = (text: unknown, opts: { token?: string; scannedAt?: string; idempotencyKey?: string; lang?: string } = {}) =>
    t.post(
      checkIn.path,
      { text, scannedAt: opts.scannedAt, idempotencyKey: opts.idempotencyKey ?? key() },
      { token: opts.token ?? tokens.demo, lang: opts.lang },
    )

  it('needs a login', async () => {
    expectMsg(await t.post(checkIn.path, { text: DEMO_CHECKIN_TEXT, idempotencyKey: key() }), 'EAUT0003')
  })

  it('spec §5 messages: empty, unrecognised address, illegal code, in both languages', async () => {
    const cases: Array<[unknown, string]> = [
      ['', 'ECHK1001'],
      ['   ', 'ECHK1001'],
      ['hello', 'ECHK1002'],
      ['https://example.com/some/page?code=MAIN-AAAAAAAAAA', 'ECHK1002'],
      ['weixin://dl/business/?t=abc', 'ECHK1002'],
      // another event's address is not recognised here
      [LOCKED_CHECKIN_TEXT, 'ECHK1002'],
      // the right shape, a made-up signature
      ['MAIN-AAAAAAAAAA', 'ECHK1003'],
      [DEMO_CHECKIN_TEXT.replace(/code=MAIN-(\w)/, (_m, c: string) => `code=MAIN-${c === 'A' ? 'B' : 'A'}`), 'ECHK1003'],
      // another event's code typed: its signature is not this event's
      [LOCKED_CHECKIN_CODE, 'ECHK1003'],
      // signed for a point that does not exist
      [`NOPE-${DEMO_CHECKIN_CODE.split('-')[1]}`, 'ECHK1003'],
    ]
    for (const [text, msgId] of cases) {
      const zh = await scan(text)
      expectMsg(zh, msgId)
      expect(zh.body.msgText).toBe(MESSAGES[msgId as keyof typeof MESSAGES].zh)
      const en = await scan(text, { lang: 'en' })
      expect(en.body.msgText).toBe(MESSAGES[msgId as keyof typeof MESSAGES].en)
    }
    expect((await t.post(getCheckinStatus.path, {}, { token: tokens.demo })).body.data.checkedInAt).toBeNull()
  })

  it('bad input never reaches the database', async () => {
    for (const body of [
      { text: DEMO_CHECKIN_TEXT },
      { text: DEMO_CHECKIN_TEXT, idempotencyKey: 'short' },
      { text: 5, idempotencyKey: key() },
      { text: 'a\u0000b', idempotencyKey: key() },
      { text: DEMO_CHECKIN_TEXT, idempotencyKey: key(), scannedAt: 'yesterday' },
    ]) {
      const r = await t.post(checkIn.path, body, { token: tokens.demo })
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).not.toBe('')
    }
    expect((await t.post(getCheckinStatus.path, {}, { token: tokens.demo })).body.data.checkedInAt).toBeNull()
  })

  it('checks in with the scanned address, then a second time says when the first was', async () => {
    const first = await scan(DEMO_CHECKIN_TEXT)
    expect(first.body.msgId).toBe('')
    expect(first.body.data).toMatchObject({ first: true, method: 'scan', pointNameEn: 'Main hall entrance', checkedInAt: toShanghaiIso(t.clock.now()) })
    t.clock.advance(10 * 60_000)
    const again = await scan(DEMO_CHECKIN_CODE.toLowerCase())
    expect(again.body.data).toMatchObject({ first: false, checkedInAt: first.body.data.checkedInAt })
    const status = await t.post(getCheckinStatus.path, {}, { token: tokens.demo })
    expect(status.body.data.checkedInAt).toBe(first.body.data.checkedInAt)
    // Li Lei is not checked in by the demo attendee's scan
    expect((await t.post(getCheckinStatus.path, {}, { token: tokens.lilei })).body.data.checkedInAt).toBeNull()
  })

  it('a scan queued offline keeps the time it happened; a replay with its key answers the same', async () => {
    const scannedAt = toShanghaiIso(new Date(t.clock.now().getTime() - 2 * 3600_000))
    const k = key()
    const r = await scan(DEMO_CHECKIN_CODE, { scannedAt, idempotencyKey: k })
    expect(r.body.data).toMatchObject({ first: true, checkedInAt: scannedAt })
    t.clock.advance(60_000)
    const replay = await scan(DEMO_CHECKIN_CODE, { scannedAt, idempotencyKey: k })
    expect(replay.body.data).toEqual(r.body.data)
    // the same key with another body is refused, never answered
    expectMsg(await scan(DEMO_CHECKIN_TEXT, { scannedAt, idempotencyKey: k }), 'EVAL0009')
    const rows = await t.db.db.execute(sql`SELECT count(*)::int AS n FROM checkins`)
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1)
  })

  it("before check-in opens: ECHK1004 gives the opening time on the event's clock with its UTC offset", async () => {
    const start = new Date(t.clock.now().getTime() + 2 * 24 * 3600_000)
    await t.db.db.execute(sql`UPDATE events SET start_time = ${start}, time_zone = 'America/New_York' WHERE event_code = 'DEMO'`)
    t.app.deps.eventCache.clear()
    const r = await scan(DEMO_CHECKIN_CODE)
    expectMsg(r, 'ECHK1004')
    expect(r.body.msgText).toMatch(/^签到尚未开始，开始时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC-0[45]:00\)$/)
  })

  it('a queued time from the future or too old is refused', async () => {
    const now = t.clock.now().getTime()
    expectMsg(await scan(DEMO_CHECKIN_CODE, { scannedAt: toShanghaiIso(new Date(now + 6 * 60_000)) }), 'ECHK1006')
    expectMsg(await scan(DEMO_CHECKIN_CODE, { scannedAt: toShanghaiIso(new Date(now - 73 * 3600_000)) }), 'ECHK1006')
  })

  it("another event's login checks in at its own event only", async () => {
    expectMsg(await scan(DEMO_CHECKIN_TEXT, { token: tokens.lockedDemo }), 'ECHK1002')
    const r = await scan(LOCKED_CHECKIN_TEXT, { token: tokens.lockedDemo })
    expect(r.body.data.first).toBe(true)
    expect((await t.post(getCheckinStatus.path, {}, { token: tokens.demo })).body.data.checkedInAt).toBeNull()
  })
})

describe('attendance code', () => {
  it('is a short opaque token, the same every time, one per attendee and event', async () => {
    const a = await t.post(getAttendanceCode.path, {}, { token: tokens.demo })
    expect(a.body.data.token).toMatch(/^ATT-[A-Z2-7]{12}$/)
    expect(a.body.data.token).not.toContain(DEMO_USER.mobile)
    const again = await t.post(getAttendanceCode.path, {}, { token: tokens.demo })
    expect(again.body.data).toEqual(a.body.data)
    const other = await t.post(getAttendanceCode.path, {}, { token: tokens.lilei })
    const otherEvent = await t.post(getAttendanceCode.path, {}, { token: tokens.lockedDemo })
    expect(new Set([a.body.data.token, other.body.data.token, otherEvent.body.data.token]).size).toBe(3)
    expectMsg(await t.post(getAttendanceCode.path, {}), 'EAUT0003')
  })
})

describe('feedback', () => {
  const send = (body: object, lang?: string) =>
    t.post(saveFeedback.path, { category: 'suggestion', idempotencyKey: key(), ...body }, { token: tokens.demo, lang })
  it('bad input gets its own message', async () => {
    expectMsg(await send({ content: '' }), 'EFBK1001')
    expectMsg(await send({ content: '   ' }), 'EFBK1001')
    expectMsg(await send({ content: 5 }), 'EFBK1001')
    const long = await send({ content: '好'.repeat(501) }, 'en')
    expectMsg(long, 'EFBK1002')
    expect(long.body.msgText).toBe('Feedback can be at most 500 characters')
    expectMsg(await send({ content: 'ok', contact: '12345' }), 'EFBK1003')
    expectMsg(await send({ content: 'ok', category: 'praise' }), 'EFBK1004')
    expectMsg(await send({ content: 'ok', idempotencyKey: '' }), 'EVAL0001')
    expectMsg(await t.post(saveFeedback.path, { category: 'other', content: 'x', idempotencyKey: key() }), 'EAUT0003')
  })
  it('500 characters (emoji count as one) are kept; a retry with its key saves once', async () => {
    const content = '😀'.repeat(500)
    const k = key()
    const r = await send({ content, contact: ' demo@example.com ', idempotencyKey: k })
    expect(r.body.msgId).toBe('')
    expect(r.body.data.feedbackNo).toMatch(/^FB\d{6}$/)
    const replay = await send({ content, contact: ' demo@example.com ', idempotencyKey: k })
    expect(replay.body.data).toEqual(r.body.data)
    const rows = await t.db.db.execute(sql`SELECT content, contact FROM feedbacks WHERE content = ${content}`)
    const list = (rows as unknown as { rows: Array<{ content: string; contact: string }> }).rows
    expect(list).toHaveLength(1)
    expect(list[0].contact).toBe('demo@example.com')
  })
})

describe('colleagues, table, designed pages, travel rules', () => {
  it('colleagues: the same company at the same event, names and roles only', async () => {
    const r = await t.post(listColleagues.path, {}, { token: tokens.demo })
    expect(r.body.data).toEqual([
      { name: 'Li Lei', role: 'vip', isMe: false },
      { name: DEMO_USER.name, role: 'attendee', isMe: true },
    ])
    // at LOCKED the demo attendee is the only one of the company
    const locked = await t.post(listColleagues.path, {}, { token: tokens.lockedDemo })
    expect(locked.body.data).toEqual([{ name: DEMO_USER.name, role: 'attendee', isMe: true }])
  })
  it('table: the caller’s own seat, none at another event', async () => {
    expect((await t.post(getTableSeat.path, {}, { token: tokens.demo })).body.data).toEqual({
      tableNo: '8',
      seatNo: '3',
      hallZh: '七楼宴会厅',
      hallEn: 'Banquet hall, 7th floor',
    })
    expect((await t.post(getTableSeat.path, {}, { token: tokens.lilei })).body.data.tableNo).toBe('9')
    const none = await t.post(getTableSeat.path, {}, { token: tokens.lockedDemo })
    expect(none.body.msgId).toBe('')
    expect(none.body.data).toBeNull()
  })
  it('designed pages: first of a kind, by code, missing, another event, bad input', async () => {
    const d = await t.post(getDesignPage.path, { eventCode: 'DEMO', kind: 'design' })
    expect(d.body.data.pageCode).toBe('guide')
    expect(d.body.data.blocks.some((b: { type: string }) => b.type === 'entry')).toBe(true)
    expect((await t.post(getDesignPage.path, { eventCode: 'DEMO', kind: 'custom', pageCode: 'dinner' })).body.data.titleEn).toBe('Conference dinner')
    expectMsg(await t.post(getDesignPage.path, { eventCode: 'DEMO', kind: 'custom', pageCode: 'guide' }), 'ESYS0004')
    expectMsg(await t.post(getDesignPage.path, { eventCode: 'LOCKED', kind: 'design', pageCode: 'guide' }), 'ESYS0004')
    expectMsg(await t.post(getDesignPage.path, { eventCode: 'DEMO', kind: 'other' }), 'EVAL0001')
  })
  it('travel rules: the event’s text, empty where it shows none', async () => {
    const r = await t.post(getTravelRules.path, {}, { token: tokens.demo })
    expect(r.body.data.titleZh).toBe('差旅标准')
    expect(r.body.data.contentEn).toContain('second class')
    expect((await t.post(getTravelRules.path, {}, { token: tokens.lockedDemo })).body.data.contentZh).toBe('')
    expectMsg(await t.post(getTravelRules.path, {}), 'EAUT0003')
  })
})

describe('orders: feeds merged, paged, filtered', () => {
  it('is empty for an attendee without orders; bad paging is refused', async () => {
    const r = await t.post(pageOrders.path, { pageNo: 1, pageSize: 10 }, { token: tokens.demo })
    expect(r.body.data).toEqual({ total: 0, pageNo: 1, pageSize: 10, list: [] })
    for (const body of [
      { pageNo: 0, pageSize: 10 },
      { pageNo: 1, pageSize: 51 },
      { pageNo: 1.5, pageSize: 10 },
      { pageNo: 101, pageSize: 10 },
      { pageNo: 1, pageSize: 10, kind: 'bus' },
      { pageNo: 1, pageSize: 10, statusGroup: 'lost' },
    ]) {
      expectMsg(await t.post(pageOrders.path, body, { token: tokens.demo }), 'EVAL0001')
    }
    expectMsg(await t.post(pageOrders.path, { pageNo: 1, pageSize: 10 }), 'EAUT0003')
  })

  it('merges registered feeds newest first, for the caller only', async () => {
    const at = (h: number) => toShanghaiIso(new Date(Date.UTC(2026, 10, 20, h)))
    const order = (
      kind: 'train' | 'air',
      n: number,
      h: number,
      payer: 'self' | 'company',
      statusGroup: OrderSummary['statusGroup'] = 'done',
    ): OrderSummary => ({
      kind,
      orderNo: `${kind}-${n}`,
      orderId: n,
      title: `${kind} ${n}`,
      departAt: null,
      statusGroup,
      status: statusGroup,
      statusLabel: statusGroup,
      amountFen: 100 * n,
      payer,
      createdAt: at(h),
    })
    const data = {
      train: [order('train', 1, 9, 'company'), order('train', 2, 7, 'self', 'toPay'), order('train', 3, 3, 'company')],
      air: [order('air', 1, 8, 'company'), order('air', 2, 5, 'self'), order('air', 3, 1, 'company', 'refund')],
    }
    const seen: OrderFeedQuery[] = []
    const feed = (kind: 'train' | 'air') => ({
      kind,
      async list(_q: unknown, query: OrderFeedQuery) {
        seen.push(query)
        const mine = data[kind].filter((o) => (!query.statusGroups || query.statusGroups.includes(o.statusGroup)) && (!query.payer || o.payer === query.payer))
        return { total: mine.length, rows: mine.slice(0, query.limit) }
      },
    })
    const off = [t.app.deps.orderFeeds.register(feed('train')), t.app.deps.orderFeeds.register(feed('air'))]
    try {
      const page1 = await t.post(pageOrders.path, { pageNo: 1, pageSize: 4 }, { token: tokens.demo, lang: 'en' })
      expect(page1.body.data.total).toBe(6)
      expect(page1.body.data.list.map((o: OrderSummary) => o.orderNo)).toEqual(['train-1', 'air-1', 'train-2', 'air-2'])
      const page2 = await t.post(pageOrders.path, { pageNo: 2, pageSize: 4 }, { token: tokens.demo })
      expect(page2.body.data.list.map((o: OrderSummary) => o.orderNo)).toEqual(['train-3', 'air-3'])
      const air = await t.post(pageOrders.path, { pageNo: 1, pageSize: 10, kind: 'air' }, { token: tokens.demo })
      expect(air.body.data.list.map((o: OrderSummary) => o.orderNo)).toEqual(['air-1', 'air-2', 'air-3'])
      const toPay = await t.post(pageOrders.path, { pageNo: 1, pageSize: 10, statusGroup: 'toPay' }, { token: tokens.demo })
      expect(toPay.body.data.list.map((o: OrderSummary) => o.orderNo)).toEqual(['train-2'])
      const company = await t.post(pageBusinessOrders.path, { pageNo: 1, pageSize: 10 }, { token: tokens.demo })
      expect(company.body.data.list.map((o: OrderSummary) => o.orderNo)).toEqual(['train-1', 'air-1', 'train-3', 'air-3'])
      // the owner is the session's, the language the caller's
      const demoUserId = (await t.db.db.execute(sql`SELECT id FROM users WHERE user_code = ${DEMO_USER.userCode}`)) as unknown as {
        rows: Array<{ id: number }>
      }
      expect(seen[0].owner.userId).toBe(demoUserId.rows[0].id)
      expect(seen[0].lang).toBe('en')
      expect(seen[0].limit).toBe(4)
    } finally {
      off.forEach((f) => f())
    }
  })
})
