/**
 * WeChat in-process, for development and tests: answers stable_token and getticket as WeChat does
 * (tokens and tickets that expire after expires_in, errcode answers), on the app's clock, and
 * counts the calls so tests can tell how many times WeChat was asked.
 */
import { WechatApiError, type IssuedCredential, type WechatApi } from './types'

/** WeChat's answers the sandbox can be told to give to the next calls */
export const SANDBOX_ERRORS = {
  busy: { errcode: -1, errmsg: 'system error' },
  invalidAppId: { errcode: 40013, errmsg: 'invalid appid' },
  invalidSecret: { errcode: 40125, errmsg: 'invalid appsecret' },
  invalidToken: { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' },
} as const

export class WechatApiSandbox implements WechatApi {
  /** calls answered so far, by kind (failed ones too) */
  readonly counts = { stableToken: 0, jsapiTicket: 0 }
  /** seconds a token or ticket lives */
  lifetimeS = 7200
  private issued = 0
  private readonly tokens = new Map<string, number>()
  private failures: Array<{ errcode: number; errmsg: string }> = []

  constructor(
    private readonly now: () => Date,
    /** the only app id and secret it accepts (40013 / 40125 otherwise) */
    private readonly account: { appId: string; secret: string },
  ) {}

  /** the next `times` calls answer this errcode */
  failNext(error: { errcode: number; errmsg: string }, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push(error)
  }

  /** as new: no calls counted, no tokens issued, no errcodes to give (between tests) */
  reset(): void {
    this.counts.stableToken = 0
    this.counts.jsapiTicket = 0
    this.issued = 0
    this.tokens.clear()
    this.failures = []
    this.lifetimeS = 7200
  }

  /** answers normally again (forgets the errcodes it was still to give) */
  recover(): void {
    this.failures = []
  }

  async stableToken(appId: string, secret: string): Promise<IssuedCredential> {
    this.counts.stableToken++
    this.failIfTold()
    if (appId !== this.account.appId) throw this.error(SANDBOX_ERRORS.invalidAppId)
    if (secret !== this.account.secret) throw this.error(SANDBOX_ERRORS.invalidSecret)
    const value = `SANDBOX_ACCESS_TOKEN_${++this.issued}`
    this.tokens.set(value, this.now().getTime() + this.lifetimeS * 1000)
    return { value, expiresInS: this.lifetimeS }
  }

  async jsapiTicket(accessToken: string): Promise<IssuedCredential> {
    this.counts.jsapiTicket++
    this.failIfTold()
    const until = this.tokens.get(accessToken)
    if (until === undefined || until <= this.now().getTime()) throw this.error(SANDBOX_ERRORS.invalidToken)
    return { value: `SANDBOX_JSAPI_TICKET_${++this.issued}_not_a_real_wechat_ticket`, expiresInS: this.lifetimeS }
  }

  private failIfTold(): void {
    const f = this.failures.shift()
    if (f) throw this.error(f)
  }

  private error(e: { errcode: number; errmsg: string }): WechatApiError {
    return new WechatApiError(e.errcode, `WeChat sandbox: errcode ${e.errcode} ${e.errmsg}`)
  }
}
