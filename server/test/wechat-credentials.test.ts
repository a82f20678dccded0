/**
 * WeChat's access token and jsapi_ticket (server/src/wechat/credentials.ts): fetched by the
 * refresh job, stored with their expiry, fetched again before they expire, read by the JS-SDK
 * signature; one fetch for two instances on one database (also on PostgreSQL:
 * `bash scripts/pg-test.sh server/test/wechat-credentials.test.ts`); a failing WeChat keeps the old
 * values, is logged and asked again. The real client against a local server answering as WeChat.
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { signShareUrl } from '@contracts/calls/event'
import { jobs, wechatCredentials } from '../src/kernel/db/schema'
import { WECHAT_CREDENTIAL_RULES, expiryOf, isRefreshDue, isValid, nextCheckAt } from '../src/wechat/rules/credential-rules'
import { WECHAT_CREDENTIALS_JOB } from '../src/wechat/credentials'
import { HttpsWechatApi, SANDBOX_ERRORS, WechatApiError, type WechatApiSandbox } from '../src/wechat/api'
import { SANDBOX_WX_APP_ID, loadWechatApiConfig } from '../src/wechat/config'
import { ConfigError, loadConfig } from '../src/config'
import { wxSignature } from '../src/wechat/rules/wx-signature'
import { captureLogs } from './log-capture'
import { setup, type TestContext } from './helper'
import { startWechatLikeServer, type SeenRequest, type WechatLikeServer } from './support/wechat-like-server'

let t: TestContext
// a generous start: the file builds a second app per test on a shared 2-core machine
beforeAll(async () => {
  t = await setup()
}, 120_000)
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const MIN = 60_000
const sandbox = (app: FastifyInstance = t.app): WechatApiSandbox => app.deps.wechatApiSandbox!
const stored = async (kind: 'access_token' | 'jsapi_ticket', appId = SANDBOX_WX_APP_ID) =>
  (
    await t.db.db
      .select()
      .from(wechatCredentials)
      .where(and(eq(wechatCredentials.kind, kind), eq(wechatCredentials.appId, appId)))
  )[0] ?? null
const refreshJob = async () => (await t.db.db.select().from(jobs).where(eq(jobs.kind, WECHAT_CREDENTIALS_JOB)))[0]
const sign = async (app: FastifyInstance = t.app) =>
  (await app.inject({ method: 'POST', url: signShareUrl.path, payload: { url: 'http://localhost:3000/?ehc=demo#/home' } })).json()

describe('the refresh job', () => {
  it('is scheduled once per database for the configured app, due at start', async () => {
    const rows = await t.db.db.select().from(jobs).where(eq(jobs.kind, WECHAT_CREDENTIALS_JOB))
    expect(rows.map((r) => ({ key: r.key, due: r.dueAt.getTime() }))).toEqual([{ key: SANDBOX_WX_APP_ID, due: t.clock.t }])
  })

  it('fetches the token and the ticket, stores them with their expiry, and the signature uses the stored ticket', async () => {
    expect((await sign()).msgId).toBe('ESYS0005')
    await t.app.jobs.runOnce(t.clock.now())
    const token = await stored('access_token')
    const ticket = await stored('jsapi_ticket')
    expect(token).toMatchObject({ value: 'SANDBOX_ACCESS_TOKEN_1', updatedAt: t.clock.now() })
    expect(ticket?.value).toMatch(/^SANDBOX_JSAPI_TICKET_2_/)
    expect(ticket?.expiresAt.getTime()).toBe(t.clock.t + 7200_000)
    expect(sandbox().counts).toEqual({ stableToken: 1, jsapiTicket: 1 })

    const r = await sign()
    expect(r.data.appId).toBe(SANDBOX_WX_APP_ID)
    expect(r.data.signature).toBe(
      wxSignature({ ticket: ticket!.value, noncestr: r.data.noncestr, timestamp: r.data.timestamp, url: 'http://localhost:3000/?ehc=demo' }),
    )
    // the job comes back refreshBeforeMs before the first of them expires
    expect((await refreshJob()).dueAt.getTime()).toBe(t.clock.t + 7200_000 - WECHAT_CREDENTIAL_RULES.refreshBeforeMs)
  })

  it('fetches them again before they expire (the app clock moved), not before; the signature moves to the new ticket', async () => {
    await t.app.jobs.runOnce(t.clock.now())
    const first = (await stored('jsapi_ticket'))!
    t.clock.advance(7200_000 - WECHAT_CREDENTIAL_RULES.refreshBeforeMs - 1)
    await t.app.jobs.runOnce(t.clock.now())
    expect(sandbox().counts).toEqual({ stableToken: 1, jsapiTicket: 1 })

    t.clock.advance(1)
    await t.app.jobs.runOnce(t.clock.now())
    expect(sandbox().counts).toEqual({ stableToken: 2, jsapiTicket: 2 })
    const second = (await stored('jsapi_ticket'))!
    expect(second.value).not.toBe(first.value)
    expect(second.expiresAt.getTime()).toBe(t.clock.t + 7200_000)
    expect(second.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime())
    // the reader keeps the first ticket readCacheMs at most (it is still valid meanwhile)
    t.clock.advance(WECHAT_CREDENTIAL_RULES.readCacheMs)
    const r = await sign()
    expect(r.data.signature).toBe(
      wxSignature({ ticket: second.value, noncestr: r.data.noncestr, timestamp: r.data.timestamp, url: 'http://localhost:3000/?ehc=demo' }),
    )
  })

  it('two instances on one database: one fetch, and both sign with the same ticket', async () => {
    const other = await t.buildApp()
    const [a, b] = await Promise.all([t.app.jobs.runOnce(t.clock.now()), other.jobs.runOnce(t.clock.now())])
    expect(a + b).toBeGreaterThanOrEqual(1)
    const asked = [sandbox().counts, sandbox(other).counts]
    expect(asked.reduce((n, c) => n + c.stableToken, 0)).toBe(1)
    expect(asked.reduce((n, c) => n + c.jsapiTicket, 0)).toBe(1)
    const ticket = (await stored('jsapi_ticket'))!.value
    for (const app of [t.app, other]) {
      const r = await sign(app)
      expect(r.data.signature).toBe(wxSignature({ ticket, noncestr: r.data.noncestr, timestamp: r.data.timestamp, url: 'http://localhost:3000/?ehc=demo' }))
    }
    // and at the next refresh, again one of them asks
    t.clock.advance(7200_000 - WECHAT_CREDENTIAL_RULES.refreshBeforeMs)
    await Promise.all([t.app.jobs.runOnce(t.clock.now()), other.jobs.runOnce(t.clock.now())])
    expect([sandbox().counts, sandbox(other).counts].reduce((n, c) => n + c.jsapiTicket, 0)).toBe(2)
  })

  it('a failing WeChat answer keeps the stored ticket until it expires, is logged, and is asked again until it answers', async () => {
    const { logs, logger } = captureLogs()
    const app = await t.buildApp({ prepareDb: false, logger })
    await app.jobs.runOnce(t.clock.now())
    const first = (await stored('jsapi_ticket'))!

    t.clock.advance(7200_000 - WECHAT_CREDENTIAL_RULES.refreshBeforeMs)
    sandbox(app).failNext(SANDBOX_ERRORS.busy, 100)
    await app.jobs.runOnce(t.clock.now())
    expect((await stored('jsapi_ticket'))!.value).toBe(first.value)
    expect((await sign(app)).data.signature).toMatch(/^[0-9a-f]{40}$/)
    const failure = logs.entries().find((e) => e.msg?.startsWith('WeChat credentials: refresh failed'))
    expect(failure).toMatchObject({ level: 50, appId: SANDBOX_WX_APP_ID, errcode: -1, ticketValidUntil: first.expiresAt.toISOString() })
    // the secret is never logged
    expect(logs.text).not.toContain('wx_sandbox_app_secret')
    const job = await refreshJob()
    expect(job.dueAt.getTime()).toBe(t.clock.t + WECHAT_CREDENTIAL_RULES.retryAfterFailureMs)
    expect(job).toMatchObject({ attempts: 0, failedAt: null })

    // still failing past its expiry: no valid ticket, the signature says so
    for (let i = 0; i <= WECHAT_CREDENTIAL_RULES.refreshBeforeMs / WECHAT_CREDENTIAL_RULES.retryAfterFailureMs; i++) {
      t.clock.advance(WECHAT_CREDENTIAL_RULES.retryAfterFailureMs)
      await app.jobs.runOnce(t.clock.now())
    }
    expect(t.clock.t).toBeGreaterThan(first.expiresAt.getTime())
    expect((await sign(app)).msgId).toBe('ESYS0005')

    // WeChat answers again: the next retry stores a new ticket
    sandbox(app).recover()
    t.clock.advance(WECHAT_CREDENTIAL_RULES.retryAfterFailureMs)
    await app.jobs.runOnce(t.clock.now())
    expect((await stored('jsapi_ticket'))!.value).not.toBe(first.value)
    expect((await sign(app)).msgId).toBe('')
  })

  it('a ticket refused for a rejected token (40001) forces one new token, then fetches the ticket', async () => {
    await t.app.jobs.runOnce(t.clock.now())
    // the token stays valid longer than the ticket (say, the ticket was fetched earlier): only the ticket is due
    await t.db.db
      .update(wechatCredentials)
      .set({ expiresAt: new Date(t.clock.t + 5 * MIN) })
      .where(eq(wechatCredentials.kind, 'jsapi_ticket'))
    await t.db.db.update(jobs).set({ dueAt: t.clock.now() }).where(eq(jobs.kind, WECHAT_CREDENTIALS_JOB))
    sandbox().failNext(SANDBOX_ERRORS.invalidToken)
    await t.app.jobs.runOnce(t.clock.now())
    expect(sandbox().counts).toEqual({ stableToken: 2, jsapiTicket: 3 })
    expect((await stored('access_token'))!.value).toBe('SANDBOX_ACCESS_TOKEN_3')
    expect((await stored('jsapi_ticket'))!.value).toMatch(/^SANDBOX_JSAPI_TICKET_4_/)
  })

  it('WECHAT_API=off: no job, and the signature answers ESYS0005', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { wechatApi: { mode: 'off' } } })
    expect(app.deps.wechatApi).toBeNull()
    expect((await sign(app)).msgId).toBe('ESYS0005')
  })

  it('a credential is due refreshBeforeMs before its expiry, valid until it; the job looks again no sooner than recheckMs', () => {
    const now = new Date(0)
    const at = (ms: number) => ({ value: 'x', expiresAt: new Date(ms) })
    const before = WECHAT_CREDENTIAL_RULES.refreshBeforeMs
    expect([isRefreshDue(null, now), isRefreshDue(at(before), now), isRefreshDue(at(before + 1), now)]).toEqual([true, true, false])
    expect([isValid(null, now), isValid(at(0), now), isValid(at(1), now)]).toEqual([false, false, true])
    expect(expiryOf(now, 7200).getTime()).toBe(7200_000)
    expect(expiryOf(now, undefined).getTime()).toBe(WECHAT_CREDENTIAL_RULES.defaultLifetimeS * 1000)
    expect(nextCheckAt([at(2 * 3600_000), at(3600_000)], now).getTime()).toBe(3600_000 - before)
    expect(nextCheckAt([at(before + 1), null], now).getTime()).toBe(WECHAT_CREDENTIAL_RULES.recheckMs)
    expect(nextCheckAt([at(before), at(before)], now).getTime()).toBe(WECHAT_CREDENTIAL_RULES.recheckMs)
    expect(nextCheckAt([at(before + WECHAT_CREDENTIAL_RULES.recheckMs + 1)], now).getTime()).toBe(WECHAT_CREDENTIAL_RULES.recheckMs + 1)
  })
})

describe('the real client, against a local server answering as WeChat', () => {
  let server: WechatLikeServer
  let baseUrl: string
  let seen: SeenRequest[]
  let answer: (path: string) => { status?: number; body: string } = () => ({ body: '{}' })

  beforeAll(async () => {
    server = await startWechatLikeServer()
    server.answer = (path) => answer(path)
    baseUrl = server.baseUrl
    seen = server.seen
  })
  afterAll(async () => server.close())
  beforeEach(() => void seen.splice(0))

  const wechatLike = (p: string) =>
    p === '/cgi-bin/stable_token'
      ? { body: JSON.stringify({ access_token: 'ACCESS_TOKEN_FROM_WECHAT', expires_in: 7200 }) }
      : { body: JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: 'TICKET_FROM_WECHAT', expires_in: 7200 }) }

  it("sends WeChat's request shapes and stores what it answers", async () => {
    answer = wechatLike
    const app = await t.buildApp({ prepareDb: false, config: { wechatApi: { mode: 'wechat', appId: 'wxreal', secret: 'real-secret', baseUrl } } })
    await t.db.db
      .insert(jobs)
      .values({ kind: WECHAT_CREDENTIALS_JOB, key: 'wxreal', payload: { appId: 'wxreal' }, dueAt: t.clock.now(), createdAt: t.clock.now() })
    await app.jobs.runOnce(t.clock.now())
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/cgi-bin/stable_token',
        query: {},
        body: { grant_type: 'client_credential', appid: 'wxreal', secret: 'real-secret', force_refresh: false },
      },
      { method: 'GET', path: '/cgi-bin/ticket/getticket', query: { access_token: 'ACCESS_TOKEN_FROM_WECHAT', type: 'jsapi' }, body: null },
    ])
    expect((await stored('jsapi_ticket', 'wxreal'))!.value).toBe('TICKET_FROM_WECHAT')
    const r = await sign(app)
    expect(r.data.appId).toBe('wxreal')
    expect(r.data.signature).toBe(
      wxSignature({ ticket: 'TICKET_FROM_WECHAT', noncestr: r.data.noncestr, timestamp: r.data.timestamp, url: 'http://localhost:3000/?ehc=demo' }),
    )
  })

  it.each([
    [40013, 'invalid appid'],
    [40125, 'invalid appsecret'],
    [-1, 'system error'],
    [45009, 'reach max api daily quota limit'],
  ])('errcode %i is an error with that errcode', async (errcode, errmsg) => {
    answer = () => ({ body: JSON.stringify({ errcode, errmsg }) })
    const api = new HttpsWechatApi(baseUrl)
    const e = await api.stableToken('wx', 's', false).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(WechatApiError)
    expect(e).toMatchObject({ errcode, message: `WeChat stable_token: errcode ${errcode} ${errmsg}` })
  })

  it('an HTTP error, a body that is not JSON or an answer without a credential is an error without errcode', async () => {
    const api = new HttpsWechatApi(baseUrl)
    answer = () => ({ status: 502, body: 'bad gateway' })
    await expect(api.jsapiTicket('tok')).rejects.toMatchObject({ errcode: null, message: 'WeChat /cgi-bin/ticket/getticket: HTTP 502' })
    answer = () => ({ body: '<html>' })
    await expect(api.stableToken('wx', 's', false)).rejects.toMatchObject({
      errcode: null,
      message: 'WeChat /cgi-bin/stable_token: an answer that is not JSON',
    })
    answer = () => ({ body: '{"errcode":0,"errmsg":"ok"}' })
    await expect(api.jsapiTicket('tok')).rejects.toMatchObject({ errcode: null, message: 'WeChat getticket: an answer without a credential' })
    await expect(new HttpsWechatApi('http://127.0.0.1:1').stableToken('wx', 's', false)).rejects.toMatchObject({ errcode: null })
  })

  it('a refused secret (40125) stores nothing and is logged with its errcode', async () => {
    answer = () => ({ body: JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }) })
    const { logs, logger } = captureLogs()
    const app = await t.buildApp({ prepareDb: false, logger, config: { wechatApi: { mode: 'wechat', appId: 'wxreal', secret: 'wrong', baseUrl } } })
    await t.db.db
      .insert(jobs)
      .values({ kind: WECHAT_CREDENTIALS_JOB, key: 'wxreal', payload: { appId: 'wxreal' }, dueAt: t.clock.now(), createdAt: t.clock.now() })
    await app.jobs.runOnce(t.clock.now())
    expect(await stored('access_token', 'wxreal')).toBeNull()
    expect(logs.entries().find((e) => e.errcode === 40125)).toMatchObject({ appId: 'wxreal', level: 50 })
    expect(logs.text).not.toContain('wrong')
  })
})

describe('configuration', () => {
  const PROD = { NODE_ENV: 'production', CODE_HASH_SECRET: 'x'.repeat(32), H5_ORIGINS: 'https://m.example.com' }

  it('production refuses to start without the official account, in a sentence naming what to set', () => {
    const err = (() => {
      try {
        loadConfig(PROD)
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(ConfigError)
    expect((err as Error).message).toBe(
      "NODE_ENV=production signs WeChat JS-SDK pages with the official account's jsapi_ticket: set WX_APP_ID and WX_APP_SECRET (the account's AppID and AppSecret), or WECHAT_API=off if this deployment has no WeChat H5 pages",
    )
    expect(() => loadConfig({ ...PROD, WX_APP_ID: 'wxoa' })).toThrow(/set WX_APP_SECRET \(/)
    expect(() => loadConfig({ ...PROD, WECHAT_API: 'sandbox', WX_APP_ID: 'wxoa', WX_APP_SECRET: 's' })).toThrow(/WECHAT_API=sandbox is for development/)
  })

  it('production with the account uses the real API; WECHAT_API=off turns it off', () => {
    expect(loadConfig({ ...PROD, WX_APP_ID: 'wxoa', WX_APP_SECRET: 's' }).wechatApi).toEqual({
      mode: 'wechat',
      appId: 'wxoa',
      secret: 's',
      baseUrl: 'https://api.weixin.qq.com',
    })
    expect(loadConfig({ ...PROD, WECHAT_API: 'off' }).wechatApi).toEqual({ mode: 'off' })
  })

  it('outside production the sandbox is the default; WECHAT_API=wechat needs the account; the base URL is checked', () => {
    expect(loadConfig({}).wechatApi).toEqual({ mode: 'sandbox', appId: SANDBOX_WX_APP_ID, secret: 'wx_sandbox_app_secret' })
    expect(() => loadConfig({ WECHAT_API: 'wechat' })).toThrow(/WECHAT_API=wechat signs .* set WX_APP_ID and WX_APP_SECRET/)
    expect(
      loadWechatApiConfig({ WECHAT_API: 'wechat', WX_APP_ID: 'a', WX_APP_SECRET: 'b', WECHAT_API_BASE_URL: 'http://127.0.0.1:9999/' }, false),
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999',
    })
    expect(() => loadConfig({ WECHAT_API_BASE_URL: 'api.weixin.qq.com' })).toThrow(ConfigError)
    expect(() => loadConfig({ WECHAT_API: 'maybe' })).toThrow(/WECHAT_API/)
  })
})
