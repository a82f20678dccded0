/**
 * The payer's code for a JSAPI payment comes from the mini-program's wx.login or the official
 * account's OAuth (H5 inside WeChat): each is exchanged at its own WeChat endpoint and pays under
 * its own AppID (contracts/wx-code.ts). The sandbox refuses a code of the wrong kind as WeChat does;
 * production's exchange is checked by the URL it asks (a fake fetch: no network in tests).
 */
import crypto from 'node:crypto'
import { codeExchange, exchangeUrl } from '../src/payments/wechatpay/code-exchange'
import { loadWechatPayConfig, WechatPaySandbox } from '../src/payments/wechatpay'
import { createWechatPay } from '../src/payments/wechatpay'

const now = () => new Date('2026-11-23T10:00:00+08:00')

describe('the sandbox tells the two kinds of code apart', () => {
  const sandbox = new WechatPaySandbox(now, 'http://localhost/dev/wechatpay/pay')
  it('a wx.login code is a mini-program payer, refused as an OAuth code', () => {
    expect(sandbox.openidFromCode('wx-login-code', 'miniProgram')).toMatch(/^o[\w-]{27}$/)
    expect(sandbox.openidFromCode('wx-login-code', 'officialAccount')).toBeNull()
  })
  it('an OAuth code is an official-account payer, refused as a wx.login code', () => {
    expect(sandbox.openidFromCode('oauth-abc', 'officialAccount')).toMatch(/^o[\w-]{27}$/)
    expect(sandbox.openidFromCode('oauth-abc', 'miniProgram')).toBeNull()
    expect(sandbox.openidFromCode('oauth-', 'officialAccount')).toBeNull()
  })
  it('an openid is per AppID: one person, two openids', () => {
    const a = sandbox.openidFromCode('same-person', 'miniProgram')
    const b = sandbox.openidFromCode('oauth-same-person', 'officialAccount')
    expect(a).not.toBe(b)
  })
  it('hostile codes are refused', () => {
    for (const code of ['', 'a b', 'x'.repeat(65), 'oauth-<script>', '\u0000']) {
      expect(sandbox.openidFromCode(code, 'miniProgram')).toBeNull()
      expect(sandbox.openidFromCode(code, 'officialAccount')).toBeNull()
    }
  })
})

describe('the gateway pays a payer under the AppID of their code', () => {
  const pay = createWechatPay({ provider: 'sandbox', notifyUrl: 'http://localhost/api/flight/pay/orderPayNotify' }, now)
  const gateway = pay.gateway!
  it('mini-program: its AppID; official account: its own', async () => {
    expect(await gateway.payerFromCode('wx-login-code', 'miniProgram')).toEqual({ openid: expect.any(String), appId: pay.sandbox!.appId })
    expect(await gateway.payerFromCode('oauth-abc', 'officialAccount')).toEqual({ openid: expect.any(String), appId: pay.sandbox!.officialAccountAppId })
    expect(await gateway.payerFromCode('oauth-abc', 'miniProgram')).toBeNull()
  })
  it("a JSAPI order of an official-account payer is made and signed with the official account's AppID", async () => {
    const payer = (await gateway.payerFromCode('oauth-abc', 'officialAccount'))!
    const { prepayId } = await gateway.createJsapi({
      outTradeNo: 'TEST20261123000001',
      description: 'test',
      amountFen: 100,
      expiresAt: new Date(now().getTime() + 600_000),
      notifyUrl: 'http://localhost/n',
      openid: payer.openid,
      appId: payer.appId,
    })
    expect(await gateway.query('TEST20261123000001')).toMatchObject({ appid: payer.appId, payer: { openid: payer.openid } })
    const j = gateway.jsapiParams(prepayId, now(), payer.appId)
    expect(j.appId).toBe(payer.appId)
    const signed = crypto
      .createVerify('RSA-SHA256')
      .update(`${j.appId}\n${j.timeStamp}\n${j.nonceStr}\n${j.package}\n`)
      .verify(pay.sandbox!.merchantPublicKeyPem, j.paySign, 'base64')
    expect(signed).toBe(true)
  })
})

describe('production: each code at its own endpoint', () => {
  const config = { miniProgram: { appId: 'wxmini', appSecret: 'mini-secret' }, officialAccount: { appId: 'wxoa', appSecret: 'oa&secret' } }
  it("a wx.login code → sns/jscode2session with the mini-program's AppID/secret", () => {
    const url = new URL(exchangeUrl(config, 'c0de', 'miniProgram')!)
    expect(`${url.origin}${url.pathname}`).toBe('https://api.weixin.qq.com/sns/jscode2session')
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wxmini', secret: 'mini-secret', js_code: 'c0de', grant_type: 'authorization_code' })
  })
  it("an OAuth code → sns/oauth2/access_token with the official account's AppID/secret", () => {
    const url = new URL(exchangeUrl(config, 'c&de', 'officialAccount')!)
    expect(`${url.origin}${url.pathname}`).toBe('https://api.weixin.qq.com/sns/oauth2/access_token')
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wxoa', secret: 'oa&secret', code: 'c&de', grant_type: 'authorization_code' })
  })
  it("reads the openid; WeChat's errcode answers (invalid or used code) are no payer", async () => {
    const asked: string[] = []
    const answers: unknown[] = [
      { openid: 'oOA1', access_token: 'x', scope: 'snsapi_base' },
      { errcode: 40029, errmsg: 'invalid code' },
      { errcode: 40163, errmsg: 'code been used' },
      {},
    ]
    const exchange = codeExchange(config, async (url) => {
      asked.push(url)
      const a = answers.shift()
      return { json: async () => a }
    })
    expect(await exchange('c1', 'officialAccount')).toBe('oOA1')
    expect(await exchange('c2', 'officialAccount')).toBeNull()
    expect(await exchange('c3', 'miniProgram')).toBeNull()
    expect(await exchange('c4', 'miniProgram')).toBeNull()
    expect(asked.map((u) => new URL(u).pathname)).toEqual([
      '/sns/oauth2/access_token',
      '/sns/oauth2/access_token',
      '/sns/jscode2session',
      '/sns/jscode2session',
    ])
  })
  it('no official account configured: an OAuth code is no payer, and WeChat is not asked', async () => {
    const fetchImpl = jest.fn()
    expect(await codeExchange({ ...config, officialAccount: null }, fetchImpl)('c1', 'officialAccount')).toBeNull()
    expect(fetchImpl).not.toHaveBeenCalled()
  })
})

describe('configuration of the official account', () => {
  const keyFile = `${require('node:os').tmpdir()}/wxpay-test-key-${process.pid}.pem`
  beforeAll(() => require('node:fs').writeFileSync(keyFile, '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n'))
  afterAll(() => require('node:fs').rmSync(keyFile, { force: true }))
  const v3 = () => ({
    WECHATPAY_PROVIDER: 'v3',
    WECHATPAY_APP_ID: 'wxmini',
    WECHATPAY_APP_SECRET: 's',
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_API_V3_KEY: 'k'.repeat(32),
    WECHATPAY_MERCHANT_SERIAL: 'AB',
    WECHATPAY_MERCHANT_KEY_FILE: keyFile,
    WECHATPAY_PLATFORM_SERIAL: 'CD',
    WECHATPAY_PLATFORM_KEY_FILE: keyFile,
    PUBLIC_BASE_URL: 'https://api.example.com',
  })
  it('absent: the mini-program pays by JSAPI, H5 in WeChat does not', () => {
    expect(loadWechatPayConfig(v3(), true)).toMatchObject({ provider: 'v3', officialAccount: null })
  })
  it('its AppID and secret, together', () => {
    expect(loadWechatPayConfig({ ...v3(), WECHATPAY_OA_APP_ID: 'wxoa', WECHATPAY_OA_APP_SECRET: 'oas' }, true)).toMatchObject({
      officialAccount: { appId: 'wxoa', appSecret: 'oas' },
    })
    expect(() => loadWechatPayConfig({ ...v3(), WECHATPAY_OA_APP_ID: 'wxoa' }, true)).toThrow(/WECHATPAY_OA_APP_ID and WECHATPAY_OA_APP_SECRET go together/)
  })
  it('the account the H5 page asks OAuth codes of (WX_APP_ID), or start refused', () => {
    expect(() => loadWechatPayConfig({ ...v3(), WECHATPAY_OA_APP_ID: 'wxoa', WECHATPAY_OA_APP_SECRET: 'oas', WX_APP_ID: 'wxother' }, true)).toThrow(/WX_APP_ID/)
    expect(loadWechatPayConfig({ ...v3(), WECHATPAY_OA_APP_ID: 'wxoa', WECHATPAY_OA_APP_SECRET: 'oas', WX_APP_ID: 'wxoa' }, true)).toMatchObject({
      officialAccount: { appId: 'wxoa' },
    })
  })
})
