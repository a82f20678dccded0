/**
 * The subscription-message sender against a local server answering as WeChat: the request's
 * shape, delivered, WeChat's refusals that send the SMS instead (43101, 40003 …), and the answers
 * the job retries (busy, a token WeChat no longer takes, HTTP errors, no answer, no token yet);
 * the mini-program's access token kept by the credentials job; then the settings (WX_SUBSCRIBE_*).
 */
import { DEMO_TEMPLATE_IDS } from '@contracts/subscribe-notices'
import { HttpsSubscribeSender, SubscribeSendError, type SubscribeMessage } from '../src/wechat/subscribe'
import { and, eq } from 'drizzle-orm'
import { loadSubscribeConfig } from '../src/wechat/config'
import { WECHAT_CREDENTIALS_JOB } from '../src/wechat/credentials'
import { ensureRecurringJobs } from '../src/jobs'
import { jobs } from '../src/kernel/db/schema'
import { setup, type TestContext } from './helper'
import { startWechatLikeServer, type SeenRequest, type WechatLikeServer } from './support/wechat-like-server'

let server: WechatLikeServer
let baseUrl: string
let seen: SeenRequest[]
let answer: () => { status?: number; body: string } = () => ({ body: '{"errcode":0,"errmsg":"ok"}' })

beforeAll(async () => {
  server = await startWechatLikeServer()
  server.answer = () => answer()
  baseUrl = server.baseUrl
  seen = server.seen
})
afterAll(async () => server.close())
beforeEach(() => void seen.splice(0))

const message: SubscribeMessage = {
  appId: 'wxminiprogram',
  openid: 'oOPENID',
  templateId: DEMO_TEMPLATE_IDS.refundResult,
  page: 'pages/trainTicket/orderDetailsPage/index?orderId=7',
  data: { thing1: { value: 'G1 上海虹桥-北京南' }, character_string2: { value: 'T2026' }, thing3: { value: '退票成功' }, amount4: { value: '¥12.50' } },
  lang: 'zh_CN',
}
const sender = (token: string | null = 'MP_ACCESS_TOKEN', url = baseUrl) =>
  new HttpsSubscribeSender({ baseUrl: url, accessToken: async () => token, miniProgramState: 'trial', timeoutMs: 2_000 })
const wechatSays = (errcode: number, errmsg: string) => () => ({ body: JSON.stringify({ errcode, errmsg }) })

describe('the real sender', () => {
  it("sends WeChat's request with the mini-program's access token; errcode 0 is delivered", async () => {
    answer = wechatSays(0, 'ok')
    await expect(sender().send(message)).resolves.toEqual({ delivered: true })
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/cgi-bin/message/subscribe/send',
        query: { access_token: 'MP_ACCESS_TOKEN' },
        body: { touser: 'oOPENID', template_id: message.templateId, page: message.page, data: message.data, miniprogram_state: 'trial', lang: 'zh_CN' },
      },
    ])
  })

  it.each([
    [43101, 'user refuse to accept the msg'],
    [40003, 'invalid openid'],
    [40037, 'invalid template_id'],
    [47003, 'argument invalid! data.thing1.value too long'],
    [41030, 'invalid page'],
  ])('errcode %i is "not delivered": the notice goes by SMS', async (errcode, errmsg) => {
    answer = wechatSays(errcode, errmsg)
    const r = await sender().send(message)
    expect(r).toMatchObject({ delivered: false, errcode })
  })

  it.each([
    [-1, 'system error'],
    [40001, 'invalid credential, access_token is invalid or not latest'],
    [45009, 'reach max api daily quota limit'],
  ])('errcode %i throws with its errcode: the job tries again later', async (errcode, errmsg) => {
    answer = wechatSays(errcode, errmsg)
    const e = await sender()
      .send(message)
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(SubscribeSendError)
    expect(e).toMatchObject({ errcode, message: `WeChat subscribe/send: errcode ${errcode} ${errmsg}` })
  })

  it('an HTTP error, a body that is not JSON, no answer or no stored token throws without errcode, the token never in the message', async () => {
    answer = () => ({ status: 502, body: 'bad gateway' })
    await expect(sender().send(message)).rejects.toMatchObject({ errcode: null, message: 'WeChat subscribe/send: HTTP 502' })
    answer = () => ({ body: '<html>' })
    await expect(sender().send(message)).rejects.toMatchObject({ errcode: null, message: 'WeChat subscribe/send: an answer that is not JSON' })
    const down = await sender('MP_ACCESS_TOKEN', 'http://127.0.0.1:1')
      .send(message)
      .catch((x: Error) => x)
    expect(down).toMatchObject({ errcode: null })
    expect((down as Error).message).not.toContain('MP_ACCESS_TOKEN')
    seen.splice(0)
    await expect(sender(null).send(message)).rejects.toMatchObject({
      errcode: null,
      message: 'WeChat subscribe/send: no valid access token stored for wxminiprogram yet',
    })
    expect(seen).toEqual([])
  })
})

describe("the mini-program's access token", () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())

  it('is kept fresh by the credentials job (token only, no ticket) and sends the messages', async () => {
    answer = () => ({ body: JSON.stringify({ access_token: 'MP_TOKEN_FROM_WECHAT', expires_in: 7200 }) })
    const app = await t.buildApp({
      prepareDb: false,
      config: {
        wechatApi: { mode: 'wechat', appId: 'wxofficial', secret: 'oa-secret', baseUrl },
        wechatSubscribe: {
          provider: 'wechat',
          templateIds: DEMO_TEMPLATE_IDS,
          miniProgramState: 'formal',
          miniProgram: { appId: 'wxminiprogram', secret: 'mp-secret' },
        },
      },
    })
    try {
      await ensureRecurringJobs(t.db.db, t.clock.now(), app.deps.config)
      await t.db.db.delete(jobs).where(and(eq(jobs.kind, WECHAT_CREDENTIALS_JOB), eq(jobs.key, 'wxofficial')))
      await app.jobs.runOnce(t.clock.now())
      expect(seen).toEqual([
        {
          method: 'POST',
          path: '/cgi-bin/stable_token',
          query: {},
          body: { grant_type: 'client_credential', appid: 'wxminiprogram', secret: 'mp-secret', force_refresh: false },
        },
      ])
      expect(await app.deps.wechatCredentials.accessToken('wxminiprogram')).toBe('MP_TOKEN_FROM_WECHAT')
      answer = wechatSays(0, 'ok')
      await expect(app.deps.subscribeSender!.send(message)).resolves.toEqual({ delivered: true })
      expect(seen.at(-1)).toMatchObject({ path: '/cgi-bin/message/subscribe/send', query: { access_token: 'MP_TOKEN_FROM_WECHAT' } })
    } finally {
      await app.close()
    }
  })
})

describe('the settings', () => {
  it('sandbox outside production, off in production; the sandbox refused in production', () => {
    expect(loadSubscribeConfig({}, false)).toMatchObject({ provider: 'sandbox', templateIds: DEMO_TEMPLATE_IDS, miniProgramState: 'formal' })
    expect(loadSubscribeConfig({}, true).provider).toBe('off')
    expect(() => loadSubscribeConfig({ WX_SUBSCRIBE_PROVIDER: 'sandbox' }, true)).toThrow(/WX_SUBSCRIBE_PROVIDER=sandbox is for development/)
  })

  it("WeChat needs the mini-program's own template ids; each kind named overrides its demo id", () => {
    expect(() => loadSubscribeConfig({ WX_SUBSCRIBE_PROVIDER: 'wechat' }, true)).toThrow(/set WX_SUBSCRIBE_TEMPLATES/)
    const c = loadSubscribeConfig({ WX_SUBSCRIBE_TEMPLATES: 'ticketIssued=T1, refundResult = T4' }, false)
    expect(c.templateIds).toEqual({ ...DEMO_TEMPLATE_IDS, ticketIssued: 'T1', refundResult: 'T4' })
    expect(() => loadSubscribeConfig({ WX_SUBSCRIBE_TEMPLATES: 'ticketIsued=T1' }, false)).toThrow(
      /WX_SUBSCRIBE_TEMPLATES: not kind=templateId: "ticketIsued=T1"/,
    )
    expect(() => loadSubscribeConfig({ WX_SUBSCRIBE_TEMPLATES: 'ticketIssued=' }, false)).toThrow(/not kind=templateId/)
  })

  it("WeChat sends with the mini-program's token: WX_MP_APP_ID/SECRET, else WeChat Pay's mini-program; never with the sandbox WeChat", () => {
    const wechat = { WX_SUBSCRIBE_PROVIDER: 'wechat', WX_SUBSCRIBE_TEMPLATES: 'ticketIssued=T1' }
    expect(() => loadSubscribeConfig(wechat, true)).toThrow(/set WX_MP_APP_ID and WX_MP_APP_SECRET/)
    expect(loadSubscribeConfig({ ...wechat, WECHATPAY_APP_ID: 'wxpay', WECHATPAY_APP_SECRET: 'paysecret' }, true).miniProgram).toEqual({
      appId: 'wxpay',
      secret: 'paysecret',
    })
    expect(loadSubscribeConfig({ ...wechat, WECHATPAY_APP_ID: 'wxpay', WX_MP_APP_ID: 'wxmp', WX_MP_APP_SECRET: 'mpsecret' }, true).miniProgram).toEqual({
      appId: 'wxmp',
      secret: 'mpsecret',
    })
    expect(() => loadSubscribeConfig({ ...wechat, WX_MP_APP_ID: 'wxmp', WX_MP_APP_SECRET: 's', WECHAT_API: 'sandbox' }, false)).toThrow(/not sandbox/)
    expect(loadSubscribeConfig({}, false).miniProgram).toBeNull()
  })
})
