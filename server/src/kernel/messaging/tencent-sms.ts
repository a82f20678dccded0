/**
 * SMS through Tencent Cloud SMS (API 2021-01-11, SendSms). The message goes out as an approved
 * template with its sign name; our own text is not sent (the carrier only accepts the template).
 *
 * The SDK client is injectable so tests can check the request without network.
 */
import type { sms as TencentSms } from 'tencentcloud-sdk-nodejs-sms'
import type { SendSmsRequest, SendSmsResponse } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models'
import type { SmsConfig, SmsTemplateParam } from '../../config'
import { CODE_TTL_MS } from '../../auth/rules/codes'
import { MessageSendError } from './errors'
import type { MessageSender, OutgoingMessage } from './types'

export type TencentSmsConfig = Extract<SmsConfig, { provider: 'tencent' }>

/** the part of the SDK client we use */
export interface TencentSmsClient {
  SendSms(req: SendSmsRequest): Promise<SendSmsResponse>
}

const PROVIDER = 'tencent-sms'

type HttpProfile = NonNullable<NonNullable<ConstructorParameters<typeof TencentSms.v20210111.Client>[0]['profile']>['httpProfile']>

export async function createTencentSmsClient(config: TencentSmsConfig, httpProfile: HttpProfile = {}): Promise<TencentSmsClient> {
  // loaded on first use: deployments without Tencent SMS never load the SDK
  const { sms } = await import('tencentcloud-sdk-nodejs-sms')
  return new sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    // the SDK's default is 60 s; the person is waiting for the code
    profile: { httpProfile: { reqTimeout: 10, ...httpProfile } },
  })
}

export class TencentSmsSender implements MessageSender {
  private client: Promise<TencentSmsClient> | undefined

  constructor(
    private readonly config: TencentSmsConfig,
    client?: TencentSmsClient,
  ) {
    if (client) this.client = Promise.resolve(client)
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'sms') throw new MessageSendError(PROVIDER, `cannot carry ${message.channel}`)
    const request: SendSmsRequest = {
      PhoneNumberSet: [toE164(message.to)],
      SmsSdkAppId: this.config.appId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: this.config.templateParams.map((p) => templateParam(p, message)),
    }
    this.client ??= createTencentSmsClient(this.config)
    let response: SendSmsResponse
    try {
      response = await (await this.client).SendSms(request)
    } catch (err) {
      // TencentCloudSDKHttpException: `code` is the API error (AuthFailure.*, LimitExceeded.* …);
      // without one it is the HTTP status or a network failure
      const e = (err ?? {}) as { code?: unknown; httpCode?: unknown; requestId?: unknown; name?: unknown }
      const reason =
        typeof e.code === 'string' ? e.code : typeof e.httpCode === 'number' ? `HTTP ${e.httpCode}` : `request failed (${String(e.name ?? 'error')})`
      throw new MessageSendError(PROVIDER, reason, typeof e.requestId === 'string' && e.requestId ? e.requestId : undefined)
    }
    // one number per request: its status says whether the carrier took it ("Ok") or why not
    const status = response.SendStatusSet?.[0]
    if (status?.Code !== 'Ok') throw new MessageSendError(PROVIDER, status?.Code ?? 'no send status in the answer', response.RequestId)
  }
}

function templateParam(param: SmsTemplateParam, message: OutgoingMessage): string {
  if (param === 'minutes') return String(CODE_TTL_MS / 60_000)
  if (!message.code) throw new MessageSendError(PROVIDER, 'the template needs a code and the message carries none')
  return message.code
}

/** Our mobile numbers are mainland ones without a country code (contracts/validation.ts); the API wants E.164. */
export function toE164(mobile: string): string {
  const m = mobile.replace(/[\s-]/g, '')
  if (/^\+\d{8,15}$/.test(m)) return m
  const mainland = /^(?:0086|86)?(1\d{10})$/.exec(m)
  if (mainland) return `+86${mainland[1]}`
  throw new MessageSendError(PROVIDER, 'not a mobile number it can send to')
}
