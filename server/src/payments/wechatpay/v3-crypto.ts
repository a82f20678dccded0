/**
 * WeChat Pay API v3 cryptography, both sides of it (Node's crypto only):
 * - request signatures: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   signature=…,timestamp=…,serial_no=…` over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" with the
 *   merchant's private key;
 * - response and notification signatures: "TIMESTAMP\nNONCE\nBODY\n" with the platform key, in the
 *   Wechatpay-Timestamp / -Nonce / -Signature / -Serial headers;
 * - notification resources: AEAD_AES_256_GCM with the APIv3 key, the resource's nonce and
 *   associated_data, the 16-byte tag at the end of the base64 ciphertext;
 * - the JSAPI client parameters: paySign over "appId\ntimeStamp\nnonceStr\npackage\n".
 * The sandbox uses the same functions from the platform's side, so both ends speak the protocol.
 */
import crypto from 'node:crypto'

export const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048'
export const AEAD_ALGORITHM = 'AEAD_AES_256_GCM'

export const nonce = (bytes = 16): string => crypto.randomBytes(bytes).toString('hex').toUpperCase()
export const unixSeconds = (d: Date): string => String(Math.floor(d.getTime() / 1000))

export function rsaSign(message: string, privateKeyPem: string): string {
  return crypto.createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64')
}

export function rsaVerify(message: string, signatureB64: string, publicKeyPem: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signatureB64, 'base64')
  } catch {
    // a malformed signature or key is a failed verification, never an exception to the caller
    return false
  }
}

/** the message a request signature covers; `url` is the path with its query */
export const requestMessage = (method: string, url: string, timestamp: string, nonceStr: string, body: string): string =>
  `${method}\n${url}\n${timestamp}\n${nonceStr}\n${body}\n`

/** the message a response or notification signature covers */
export const responseMessage = (timestamp: string, nonceStr: string, body: string): string => `${timestamp}\n${nonceStr}\n${body}\n`

export interface MerchantIdentity {
  mchId: string
  /** serial number of the merchant's API certificate */
  serialNo: string
  privateKeyPem: string
}

export function authorizationHeader(m: MerchantIdentity, method: string, url: string, body: string, now: Date): string {
  const timestamp = unixSeconds(now)
  const nonceStr = nonce()
  const signature = rsaSign(requestMessage(method, url, timestamp, nonceStr, body), m.privateKeyPem)
  return `${SIGNATURE_TYPE} mchid="${m.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${m.serialNo}"`
}

/** the fields of an Authorization header; null when it is not one */
export function parseAuthorization(header: string | undefined): Record<'mchid' | 'nonce_str' | 'signature' | 'timestamp' | 'serial_no', string> | null {
  if (!header || !header.startsWith(`${SIGNATURE_TYPE} `)) return null
  const fields: Record<string, string> = {}
  for (const m of header.slice(SIGNATURE_TYPE.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2]
  for (const k of ['mchid', 'nonce_str', 'signature', 'timestamp', 'serial_no']) if (!fields[k]) return null
  return fields as Record<'mchid' | 'nonce_str' | 'signature' | 'timestamp' | 'serial_no', string>
}

/** the headers WeChat signs a response or a notification with */
export interface SignedHeaders {
  'wechatpay-timestamp': string
  'wechatpay-nonce': string
  'wechatpay-signature': string
  'wechatpay-serial': string
  'wechatpay-signature-type': string
}

export function signedHeaders(body: string, platform: { serialNo: string; privateKeyPem: string }, now: Date): SignedHeaders {
  const timestamp = unixSeconds(now)
  const nonceStr = nonce()
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonceStr,
    'wechatpay-signature': rsaSign(responseMessage(timestamp, nonceStr, body), platform.privateKeyPem),
    'wechatpay-serial': platform.serialNo,
    'wechatpay-signature-type': SIGNATURE_TYPE,
  }
}

export type SignatureProblem = 'missingHeaders' | 'unknownSerial' | 'staleTimestamp' | 'badSignature'

/**
 * Checks a body signed by the platform (a response or a notification): the serial names a
 * platform key we hold, the timestamp is within `windowSeconds` of now (a replayed old message is
 * refused), the signature verifies. null when all is well.
 */
export function verifySigned(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  platformKeys: Record<string, string>,
  now: Date,
  windowSeconds: number,
): SignatureProblem | null {
  const h = (k: string) => {
    const v = headers[k]
    return typeof v === 'string' ? v : undefined
  }
  const timestamp = h('wechatpay-timestamp')
  const nonceStr = h('wechatpay-nonce')
  const signature = h('wechatpay-signature')
  const serial = h('wechatpay-serial')
  if (!timestamp || !nonceStr || !signature || !serial) return 'missingHeaders'
  const key = Object.prototype.hasOwnProperty.call(platformKeys, serial) ? platformKeys[serial] : undefined
  if (!key) return 'unknownSerial'
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Number(timestamp) - now.getTime() / 1000) > windowSeconds) return 'staleTimestamp'
  return rsaVerify(responseMessage(timestamp, nonceStr, body), signature, key) ? null : 'badSignature'
}

export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  associated_data?: string
  original_type: string
  nonce: string
}

/** AEAD_AES_256_GCM: the platform's side (the sandbox's notifications) */
export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string, originalType: string): EncryptedResource {
  const iv = nonce(6) // 12 characters, as WeChat's nonces
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return { algorithm: AEAD_ALGORITHM, ciphertext: data.toString('base64'), associated_data: associatedData, original_type: originalType, nonce: iv }
}

/** AEAD_AES_256_GCM: our side. null when it does not decrypt (wrong key, tampered text or tag) */
export function decryptResource(r: EncryptedResource, apiV3Key: string): string | null {
  try {
    if (r.algorithm !== AEAD_ALGORITHM) return null
    const data = Buffer.from(r.ciphertext, 'base64')
    if (data.length < 17) return null
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'))
    decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'))
    decipher.setAuthTag(data.subarray(data.length - 16))
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** the parameters wx.requestPayment / getBrandWCPayRequest take, signed with the merchant key */
export function jsapiParams(appId: string, prepayId: string, merchantPrivateKeyPem: string, now: Date) {
  const timeStamp = unixSeconds(now)
  const nonceStr = nonce()
  const pkg = `prepay_id=${prepayId}`
  const paySign = rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, merchantPrivateKeyPem)
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA' as const, paySign }
}

export function newRsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  return { privateKeyPem: privateKey, publicKeyPem: publicKey }
}
