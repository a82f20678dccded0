/**
 * Where a WeChat code for a JSAPI payment comes from. A payer's openid is per AppID, and the two
 * codes are exchanged at different WeChat endpoints:
 * - 'miniProgram': `wx.login` in the mini-program → `sns/jscode2session` with the mini-program's
 *   AppID/secret; the JSAPI payment is made with the mini-program's AppID;
 * - 'officialAccount': the official account's OAuth redirect (snsapi_base) on the H5 page inside
 *   WeChat → `sns/oauth2/access_token` with the official account's AppID/secret; the payment is
 *   made with the official account's AppID.
 * A code sent to the wrong endpoint is refused by WeChat (invalid code), so the request says which.
 */
export const WX_CODE_SOURCES = ['miniProgram', 'officialAccount'] as const
export type WxCodeSource = (typeof WX_CODE_SOURCES)[number]

/** what a JSAPI pay request carries about its payer; absent source: a wx.login code (mini-program builds before the field) */
export interface PayerCode {
  wxCode: string
  wxCodeSource?: WxCodeSource
}
