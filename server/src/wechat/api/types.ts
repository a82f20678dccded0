/**
 * The two WeChat server calls the app makes for the JS-SDK (docs/wechat.md): the access token
 * (POST /cgi-bin/stable_token) and the jsapi_ticket (GET /cgi-bin/ticket/getticket). Two
 * implementations: the real one over HTTPS (https-client.ts) and the in-process sandbox (sandbox.ts).
 */
export interface IssuedCredential {
  value: string
  /** seconds it is valid from the answer (WeChat: up to 7200) */
  expiresInS: number
}

export interface WechatApi {
  /** stable_token: the account's access token; forceRefresh only when WeChat said the last one is invalid */
  stableToken(appId: string, secret: string, forceRefresh: boolean): Promise<IssuedCredential>
  /** getticket type=jsapi: the ticket that signs JS-SDK pages */
  jsapiTicket(accessToken: string): Promise<IssuedCredential>
}

/** WeChat answered with a non-zero errcode (40013 invalid appid, 40125 invalid secret, -1 busy …) or not at all */
export class WechatApiError extends Error {
  name = 'WechatApiError'
  constructor(
    /** WeChat's errcode; null when there was no WeChat answer (network, HTTP status, not JSON) */
    readonly errcode: number | null,
    message: string,
  ) {
    super(message)
  }
}
