/** Public calls, input hardening, the envelope and the H5 static fallback. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { guestLogin, updateUser } from '@contracts/calls/auth'
import { addPageView, getAppearance, getEvent, getEventByHash, signShareUrl } from '@contracts/calls/event'
import { getCityTree, listDictItems } from '@contracts/calls/reference'
import { eventTimeState } from '@contracts/event'
import { MESSAGES } from '@contracts/messages'
import { CLOSED_EVENT, DEMO_EVENT, DEMO_USER, LOCKED_EVENT, PAST_EVENT, SEED_USERS } from '../src/seed'
import { wxSignature } from '../src/wechat/rules/wx-signature'
import { containsNul } from '../src/kernel/http/route'
import { saveCredential } from '../src/wechat/repositories/credentials'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const pageViewCount = async () => {
  const r = await t.db.db.execute(sql`SELECT count(*)::int AS n, count(user_id)::int AS u FROM page_views`)
  const row = ((r as unknown as { rows: { n: number; u: number }[] }).rows ?? (r as unknown as { n: number; u: number }[]))[0]
  return row
}

describe('event', () => {
  it('get by code and by hash give the same public EventInfo', async () => {
    const a = await t.post(getEvent.path, { eventCode: 'DEMO', funcModule: 'event', funcOperation: 'get' })
    const b = await t.post(getEventByHash.path, { eventHashCode: 'demo' })
    expect(a.body).toMatchObject({ status: 200, msgId: '', msgText: '' })
    expect(b.body.data).toEqual(a.body.data)
    expect(a.body.data).toMatchObject({
      eventCode: 'DEMO',
      eventHashCode: 'demo',
      titleZh: DEMO_EVENT.titleZh,
      titleEn: DEMO_EVENT.titleEn,
      enabled: true,
      loginModes: ['mobile', 'email', 'account'],
      loginExtraFields: [],
      extraFieldsRequired: [],
      permissionType: 1,
      someUserTypes: [],
    })
    expect(a.body.data.startTime).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\+08:00$/)
    expect(Date.parse(a.body.data.endTime) - Date.parse(a.body.data.startTime)).toBe(3 * 24 * 3600_000)
  })

  it('the seeded events are in progress, closed, and ended as designed', async () => {
    const get = async (code: string) => (await t.post(getEvent.path, { eventCode: code })).body.data
    expect(eventTimeState(await get(DEMO_EVENT.eventCode), t.clock.t)).toBe('inProgress')
    const locked = await get(LOCKED_EVENT.eventCode)
    expect(locked.loginExtraFields).toEqual(['idNumber', 'visitingCode', 'roomNumber'])
    expect((await get(CLOSED_EVENT.eventCode)).enabled).toBe(false)
    expect(eventTimeState(await get(PAST_EVENT.eventCode), t.clock.t)).toBe('ended')
  })

  it('unknown event → EEVT1001 in both languages', async () => {
    expect((await t.post(getEvent.path, { eventCode: 'NOPE' })).body).toEqual({ status: 0, msgId: 'EEVT1001', msgText: MESSAGES.EEVT1001.zh, data: null })
    expect((await t.post(getEventByHash.path, { eventHashCode: 'nope' }, { lang: 'en' })).body.msgText).toBe(MESSAGES.EEVT1001.en)
  })

  it('appearance', async () => {
    const r = await t.post(getAppearance.path, { eventCode: 'DEMO' })
    expect(r.body.data).toEqual({
      shareTitle: DEMO_EVENT.shareTitle,
      shareSubTitle: DEMO_EVENT.shareSubTitle,
      sharePic: '',
      themeColor: '#1677ff',
      bannerUrl: '',
    })
    expect((await t.post(getAppearance.path, { eventCode: 'NOPE' })).body.msgId).toBe('EEVT1001')
  })

  it('seeding again moves the dates with the clock and keeps people edits', async () => {
    t.clock.advance(5 * 24 * 3600_000)
    const app = await t.buildApp() // prepareDb: migrate + seed again
    const r = await app.inject({ method: 'POST', url: getEvent.path, payload: { eventCode: 'DEMO' } })
    expect(eventTimeState(r.json().data, t.clock.t)).toBe('inProgress')
    const users = await t.db.db.execute(sql`SELECT count(*)::int AS n FROM users`)
    // seeding twice adds nobody
    expect(JSON.stringify(users)).toContain(`"n":${SEED_USERS.length}`)
  })
})

describe('page views', () => {
  it('stores anonymous and logged-in views; a bad token just makes it anonymous', async () => {
    const view = { eventHashCode: 'demo', type: 'pages/index/index', viewWay: 'H5' }
    expect((await t.post(addPageView.path, view)).body).toEqual({ status: 200, msgText: '', msgId: '', data: null })
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password })
    await t.post(addPageView.path, { ...view, viewWay: 'WEAPP' }, { token: login.body.data.token })
    await t.post(addPageView.path, view, { token: 'f'.repeat(64) })
    expect(await pageViewCount()).toEqual({ n: 3, u: 1 })
  })

  it('a closed event (enabled: false) records no view: EEVT1002', async () => {
    const view = { eventHashCode: CLOSED_EVENT.eventHashCode, type: 'pages/index/index', viewWay: 'H5' }
    const r = await t.post(addPageView.path, view, { lang: 'en' })
    expect(r.statusCode).toBe(200)
    expect(r.body).toEqual({ status: 0, msgId: 'EEVT1002', msgText: MESSAGES.EEVT1002.en, data: null })
    // a logged-in caller of another event changes nothing
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password })
    expect((await t.post(addPageView.path, view, { token: login.body.data.token })).body.msgId).toBe('EEVT1002')
    expect(await pageViewCount()).toEqual({ n: 0, u: 0 })
  })

  it.each([
    [{ eventHashCode: 'nope', type: 'x', viewWay: 'H5' }, 'EEVT1001'],
    [{ eventHashCode: 'demo', type: '', viewWay: 'H5' }, 'EVAL0001'],
    [{ eventHashCode: 'demo', type: 'x'.repeat(201), viewWay: 'H5' }, 'EVAL0001'],
    [{ eventHashCode: 'demo', type: 'x', viewWay: 'APP' }, 'EVAL0001'],
  ])('%j → %s', async (body, msgId) => {
    expect((await t.post(addPageView.path, body)).body.msgId).toBe(msgId)
  })

  it('is rate-limited gently per IP (ESYS0003)', async () => {
    const app = await t.buildApp({ prepareDb: false, rateLimits: { pageViewPerMinute: 3 } })
    const view = () =>
      app.inject({ method: 'POST', url: addPageView.path, payload: { eventHashCode: 'demo', type: 'x', viewWay: 'H5' } }).then((r) => r.json().msgId)
    expect([await view(), await view(), await view(), await view()]).toEqual(['', '', '', 'ESYS0003'])
    t.clock.advance(60_000)
    expect(await view()).toBe('')
  })
})

describe('WeChat share signature', () => {
  // the refresh job fetches the sandbox's ticket (wechat/credentials.ts; server/test/wechat-credentials.test.ts)
  beforeEach(async () => void (await t.app.jobs.runOnce(t.clock.now())))

  it("signs with the account's stored ticket and appId, without the #fragment", async () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
    const wechatApi = { mode: 'sandbox' as const, appId: 'wx1234567890', secret: 'secret' }
    await saveCredential(t.db.db, {
      kind: 'jsapi_ticket',
      appId: 'wx1234567890',
      value: ticket,
      expiresAt: new Date(t.clock.t + 3600_000),
      updatedAt: t.clock.now(),
    })
    const app = await t.buildApp({ prepareDb: false, config: { wechatApi, h5Origins: ['http://mp.weixin.qq.com'] } })
    const r = (await app.inject({ method: 'POST', url: signShareUrl.path, payload: { url: 'http://mp.weixin.qq.com?params=value#/home' } })).json()
    expect(r.data.appId).toBe('wx1234567890')
    expect(r.data.timestamp).toBe(Math.floor(t.clock.t / 1000))
    expect(r.data.noncestr).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(r.data.signature).toBe(wxSignature({ ticket, noncestr: r.data.noncestr, timestamp: r.data.timestamp, url: 'http://mp.weixin.qq.com?params=value' }))
  })
  it.each([[{}], [{ url: '' }], [{ url: 'javascript:alert(1)' }], [{ url: `https://a.b/${'x'.repeat(3000)}` }], [{ url: 5 }]])('refuses %j', async (body) => {
    expect((await t.post(signShareUrl.path, body)).body.msgId).toBe('EVAL0001')
  })
  it('signs pages of the default H5 origins (localhost, 127.0.0.1, any port) outside production', async () => {
    for (const url of ['http://localhost:3000/?ehc=demo&ec=DEMO#/home', 'http://127.0.0.1:10086/login']) {
      expect((await t.post(signShareUrl.path, { url })).body).toMatchObject({ status: 200, msgId: '' })
    }
  })
  it.each([
    'https://evil.com/',
    'http://localhost.evil.com:3000/',
    'http://evil.com/localhost',
    'http://localhost@evil.com/',
    'http://localhost:3000@evil.com/',
  ])('refuses another origin: %s → EVAL0008 in zh and en', async (url) => {
    const zh = await t.post(signShareUrl.path, { url })
    expect(zh.statusCode).toBe(200)
    expect(zh.body).toEqual({ status: 0, msgId: 'EVAL0008', msgText: MESSAGES.EVAL0008.zh, data: null })
    expect((await t.post(signShareUrl.path, { url }, { lang: 'en' })).body.msgText).toBe(MESSAGES.EVAL0008.en)
  })
  it('signs only the configured H5_ORIGINS', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { h5Origins: ['https://m.example.com'] } })
    const sign = async (url: string) => (await app.inject({ method: 'POST', url: signShareUrl.path, payload: { url } })).json().msgId
    expect(await sign('https://m.example.com/login?ehc=demo#/x')).toBe('')
    expect(await sign('http://localhost:3000/')).toBe('EVAL0008')
    expect(await sign('https://m.example.com.evil.com/')).toBe('EVAL0008')
  })
})

describe('dictionaries and cities', () => {
  it('dict items with both labels', async () => {
    const r = await t.post(listDictItems.path, { dictCode: 'documentType' })
    expect(r.body.data[0]).toEqual({ value: 'idCard', labelZh: '居民身份证', labelEn: 'Resident ID card', sort: 1 })
    expect((await t.post(listDictItems.path, { dictCode: 'countryCode' })).body.data[0].value).toBe('+86')
    expect((await t.post(listDictItems.path, { dictCode: 'gender' })).body.data).toHaveLength(3)
    expect((await t.post(listDictItems.path, { dictCode: 'passengerType' })).body.data.length).toBeGreaterThan(1)
    expect((await t.post(listDictItems.path, { dictCode: 'unknown' })).body).toMatchObject({ status: 200, data: [] })
    expect((await t.post(listDictItems.path, {})).body.msgId).toBe('EVAL0001')
  })

  it('city tree: provinces, a province, a city, depth', async () => {
    const provinces = (await t.post(getCityTree.path, {})).body.data
    expect(provinces.length).toBeGreaterThanOrEqual(31)
    expect(provinces.find((p: { code: string }) => p.code === '31')).toEqual({ code: '31', name: '上海市' })
    const gd = (await t.post(getCityTree.path, { parentCode: '44' })).body.data
    expect(gd.find((c: { name: string }) => c.name === '广州市')).toEqual({ code: '4401', name: '广州市' })
    const sz = (await t.post(getCityTree.path, { parentCode: '4403' })).body.data
    expect(sz.map((d: { name: string }) => d.name)).toContain('南山区')
    const deep = (await t.post(getCityTree.path, { depth: 3, parentCode: '' })).body.data
    expect(deep[0].children[0].children.length).toBeGreaterThan(0)
    const two = (await t.post(getCityTree.path, { depth: 2 })).body.data
    expect(two[0].children[0].children).toBeUndefined()
    expect((await t.post(getCityTree.path, { parentCode: '99' })).body.data).toEqual([])
  })
  it.each([[{ parentCode: '4' }], [{ parentCode: 'abc' }], [{ depth: 4 }], [{ depth: '2' }]])('refuses %j', async (body) => {
    expect((await t.post(getCityTree.path, body)).body.msgId).toBe('EVAL0001')
  })
})

describe('bad input never gives a 5xx', () => {
  const raw = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }, url: string = guestLogin.path) =>
    t.app.inject({ method: 'POST', url, headers, payload })

  it.each([
    ['malformed JSON', '{"loginType":'],
    ['empty JSON body', ''],
    ['a JSON string', '"hello"'],
    ['a JSON array', '[1,2]'],
    ['null', 'null'],
    ['prototype poisoning', '{"__proto__":{"x":1},"loginType":"account"}'],
    ['constructor poisoning', '{"constructor":{"prototype":{"x":1}}}'],
  ])('%s → 200 EVAL0001', async (_n, payload) => {
    const r = await raw(payload)
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ status: 0, msgId: 'EVAL0001', msgText: MESSAGES.EVAL0001.zh, data: null })
  })

  it('no body and no content type → EVAL0001', async () => {
    const r = await t.app.inject({ method: 'POST', url: getEvent.path })
    expect(r.statusCode).toBe(200)
    expect(r.json().msgId).toBe('EVAL0001')
  })

  it('text/plain body → EVAL0001', async () => {
    const r = await raw('eventCode=DEMO', { 'content-type': 'text/plain' }, getEvent.path)
    expect(r.json().msgId).toBe('EVAL0001')
  })

  it('unsupported content type → 415 with the envelope', async () => {
    const r = await raw('<x/>', { 'content-type': 'application/xml' }, getEvent.path)
    expect(r.statusCode).toBe(415)
    expect(r.json()).toMatchObject({ status: 0, msgId: 'EVAL0001' })
  })

  it('wrong types → EVAL0001, in English when asked', async () => {
    for (const body of [{ eventCode: 1 }, { eventCode: null }, { eventCode: ['DEMO'] }, { eventCode: { $ne: '' } }]) {
      const r = await t.post(getEvent.path, body, { lang: 'en' })
      expect(r.statusCode).toBe(200)
      expect(r.body).toMatchObject({ msgId: 'EVAL0001', msgText: MESSAGES.EVAL0001.en })
    }
  })

  it('huge strings → EVAL, never the database', async () => {
    const big = 'x'.repeat(200_000)
    expect((await t.post(getEvent.path, { eventCode: big })).body.msgId).toBe('EVAL0001')
    expect((await t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile: big, code: '123456' })).body.msgId).toBe('EVAL0002')
    expect((await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: big })).body.msgId).toBe('EVAL0006')
  })

  it('a body over 1 MB → 413 with the envelope', async () => {
    const r = await raw(JSON.stringify({ eventCode: 'x'.repeat(1_100_000) }), undefined, getEvent.path)
    expect(r.statusCode).toBe(413)
    expect(r.json()).toMatchObject({ status: 0, msgId: 'EVAL0001' })
  })

  it('a NUL character in a string field → a validation msgId, never the database (PostgreSQL refuses it)', async () => {
    const login = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password })
    const token = login.body.data.token
    const cases: Array<[string, unknown, string, string | undefined]> = [
      [getEvent.path, { eventCode: 'DEMO\u0000' }, 'EVAL0001', undefined],
      [getEventByHash.path, { eventHashCode: '\u0000demo' }, 'EVAL0001', undefined],
      [getAppearance.path, { eventCode: 'DE\u0000MO' }, 'EVAL0001', undefined],
      [addPageView.path, { eventHashCode: 'demo', type: 'pages/index/index\u0000', viewWay: 'H5' }, 'EVAL0001', undefined],
      [listDictItems.path, { dictCode: 'gender\u0000' }, 'EVAL0001', undefined],
      [getCityTree.path, { parentCode: '44\u0000' }, 'EVAL0001', undefined],
      [signShareUrl.path, { url: 'http://localhost:3000/\u0000' }, 'EVAL0001', undefined],
      // the field's own msgId where the field has one
      [guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo\u0000', password: 'x' }, 'EVAL0005', undefined],
      [guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: 'x\u0000' }, 'EVAL0006', undefined],
      [guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO\u0000', mobile: '13800138000', code: '123456' }, 'EVAL0001', undefined],
      [updateUser.path, { company: '\u0000' }, 'EVAL0001', token],
      [updateUser.path, { name: 'Li\u0000Lei' }, 'EVAL0001', token],
    ]
    for (const [path, body, msgId, tok] of cases) {
      const r = await t.post(path, body, { lang: 'en', token: tok })
      expect([path, r.statusCode, r.body]).toEqual([path, 200, { status: 0, msgId, msgText: MESSAGES[msgId as keyof typeof MESSAGES].en, data: null }])
    }
  })

  it('funcModule / funcOperation of any type are labels only: an object with its own toString is no 500', async () => {
    const app = await t.buildApp({ prepareDb: false, logger: { level: 'trace', stream: { write: () => undefined } } })
    for (const funcModule of [{ toString: 1 }, { valueOf: 1, toString: 'x' }, ['a'], null, 5, 'x'.repeat(10_000)]) {
      const r = await app.inject({ method: 'POST', url: getEvent.path, payload: { eventCode: 'DEMO', funcModule, funcOperation: funcModule } })
      expect([r.statusCode, r.json().status]).toEqual([200, 200])
    }
  })

  it('containsNul (the route-level backstop) looks into values and keys at any depth, without recursion', () => {
    expect(containsNul({ a: ['x', { b: 'ok' }] })).toBe(false)
    expect(containsNul({ a: ['x', { b: 'o\u0000k' }] })).toBe(true)
    expect(containsNul({ 'k\u0000': 1 })).toBe(true)
    let deep: unknown = 'bottom\u0000'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(containsNul(deep)).toBe(true)
    const wide = new Array(1_000_000).fill('x')
    expect(containsNul(wide)).toBe(false)
  })

  it('a user name that grows when lower-cased (İ → i̇) beyond its 64 characters is an unknown name, not a 500', async () => {
    const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'İ'.repeat(64), password: 'x' })
    expect([r.statusCode, r.body.msgId]).toEqual([200, 'ELOG1005'])
  })

  it('extra fields are ignored', async () => {
    expect((await t.post(getEvent.path, { eventCode: 'DEMO', extra: { deep: [1, 2] } })).body.status).toBe(200)
  })

  it('language: lang header en / en-US → English, anything else → Chinese', async () => {
    for (const [lang, want] of [
      ['en', 'en'],
      ['en-US', 'en'],
      ['EN', 'en'],
      ['zh', 'zh'],
      ['zh-CN', 'zh'],
      ['fr', 'zh'],
      ['', 'zh'],
    ] as const) {
      const r = await t.post(getEvent.path, { eventCode: 'NOPE' }, lang ? { lang } : {})
      expect(r.body.msgText).toBe(MESSAGES.EEVT1001[want])
    }
  })

  it('an unexpected failure → HTTP 500, ESYS0001, logged', async () => {
    const onFire = () => {
      throw new Error('database on fire')
    }
    const broken = { ...t.db, db: { select: onFire, insert: onFire, update: onFire, transaction: onFire } as never }
    // the WeChat Pay sandbox of the working app: a new one would read its keys from the broken database at build
    const app = await t.buildApp({ db: broken, prepareDb: false, wechatPay: t.app.deps.wechatPay })
    const r = await app.inject({ method: 'POST', url: getEvent.path, payload: { eventCode: 'DEMO' }, headers: { lang: 'en' } })
    expect(r.statusCode).toBe(500)
    expect(r.json()).toEqual({ status: 0, msgId: 'ESYS0001', msgText: MESSAGES.ESYS0001.en, data: null })
  })
})

describe('unknown paths and the H5 build', () => {
  let dir: string
  let app: FastifyInstance
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>')
    fs.mkdirSync(path.join(dir, 'js'))
    fs.writeFileSync(path.join(dir, 'js', 'app.js'), 'console.log(1)')
    app = await t.buildApp({ prepareDb: false, staticDir: dir })
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it.each(['/', '/login', '/home', '/pages/pagesUser/login/login', '/anything-unknown/deep?x=1', '/?ehc=demo&ec=DEMO'])('GET %s → index.html', async (url) => {
    const r = await app.inject({ method: 'GET', url })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-type']).toMatch(/text\/html/)
    expect(r.body).toContain('<title>app</title>')
  })

  it('index.html is not cached; files are served as files', async () => {
    expect((await app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache')
    const js = await app.inject({ method: 'GET', url: '/js/app.js' })
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-type']).toMatch(/javascript/)
    expect(js.body).toBe('console.log(1)')
    // the dev outbox route wins over the static wildcard
    const outbox = await app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(outbox.headers['content-type']).toMatch(/json/)
    expect(outbox.json()).toEqual([])
  })

  it.each([
    ['POST', '/api/nope'],
    ['POST', '/api/biz/tmcBus/queryBusTicket'],
    ['POST', '/api/biz/tmcTrain/nope'],
    ['GET', '/api/nope'],
    ['GET', '/api/guest/login'],
    ['GET', '/dev/nope'],
    ['POST', '/somewhere'],
  ] as const)('%s %s → 404 envelope ESYS0002', async (method, url) => {
    const r = await app.inject({ method, url, headers: { lang: 'en' }, payload: method === 'POST' ? {} : undefined })
    expect(r.statusCode).toBe(404)
    expect(r.json()).toEqual({ status: 0, msgId: 'ESYS0002', msgText: MESSAGES.ESYS0002.en, data: null })
  })

  it('without a build, page paths are a plain 404 and the API still works', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/login' })
    expect(r.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} })).json().msgId).toBe('ESYS0002')
  })

  it('/dev/outbox does not exist in production', async () => {
    const prod = await t.buildApp({ prepareDb: false, config: { isProduction: true, nodeEnv: 'production' } })
    const r = await prod.inject({ method: 'GET', url: '/dev/outbox' })
    expect(r.statusCode).toBe(404)
    expect(prod.outbox).toBeNull()
  })
})
