/**
 * The notifications the WeChat Pay sandbox sends to a notify URL, made as the platform makes them:
 * a JSON body whose resource is encrypted with AEAD_AES_256_GCM under the APIv3 key, and the
 * Wechatpay-* headers signed with the platform's key.
 */
import crypto from 'node:crypto'
import { orderPayNotify } from '@contracts/calls/flight/pay'
import type { WxTransaction } from './types'
import { encryptResource, signedHeaders } from './v3-crypto'

export interface Delivery {
  url: string
  headers: Record<string, string>
  body: string
}

/** what signs and encrypts: the platform's key pair and serial, and the merchant's APIv3 key */
export interface NotificationKeys {
  platform: { serialNo: string; privateKeyPem: string }
  apiV3Key: string
  /** a key that is not the platform's: what a forger signs with */
  otherPrivateKeyPem: string
}

export interface CraftOptions {
  eventType?: string
  at?: Date
  /** spoils one part after signing */
  tamper?: 'body' | 'signature' | 'serial'
  apiV3Key?: string
}

/** a notification with any resource, signed and encrypted as the platform would (tests: a wrong amount, another merchant) */
export function craftedNotification(keys: NotificationKeys, resource: Record<string, unknown>, at: Date, opts: CraftOptions = {}): Delivery {
  const eventType = opts.eventType ?? 'TRANSACTION.SUCCESS'
  const originalType = eventType.startsWith('REFUND.') ? 'refund' : 'transaction'
  let body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: at.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource: encryptResource(JSON.stringify(resource), opts.apiV3Key ?? keys.apiV3Key, originalType, originalType),
  })
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signedHeaders(body, keys.platform, at) }
  if (opts.tamper === 'body') body = body.replace('支付成功', '支付成功 ')
  // a signature by the wrong key over the right message shape: what a forger could make
  if (opts.tamper === 'signature')
    headers['wechatpay-signature'] = crypto.createSign('RSA-SHA256').update(`0\n0\n${body}\n`).sign(keys.otherPrivateKeyPem, 'base64')
  if (opts.tamper === 'serial') headers['wechatpay-serial'] = 'FFFF'
  return { url: orderPayNotify.path, headers, body }
}

/** the TRANSACTION.SUCCESS notification of a paid transaction (its public view), to the transaction's notify URL */
export function transactionNotification(keys: NotificationKeys, transaction: WxTransaction, notifyUrl: string, at: Date): Delivery {
  return { ...craftedNotification(keys, { ...transaction }, at), url: notifyUrl }
}
