/** The Tencent Cloud SMS sender, with a fake SDK client and once with the real SDK against a local HTTP server. Set-up: senders-support.ts. */
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import type { SendSmsRequest } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_models'
import { MessageSendError, TencentSmsSender, createTencentSmsClient } from '../src/kernel/messaging'
import { toE164 } from '../src/kernel/messaging/tencent-sms'
import { FakeTencentClient, TENCENT, tencentAnswer, useSendersApp } from './senders-support'

useSendersApp()

describe('TencentSmsSender', () => {
  it('sends the number as +86, the app id, sign name, template id and the code as the template parameter', async () => {
    const client = new FakeTencentClient()
    await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '…', code: '482913' })
    expect(client.requests).toEqual([
      { PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400787878', SignName: '开发者大会', TemplateId: '1890123', TemplateParamSet: ['482913'] },
    ])
  })

  it('fills the parameters the template declares, in order (code, minutes)', async () => {
    const client = new FakeTencentClient()
    await new TencentSmsSender({ ...TENCENT, templateParams: ['code', 'minutes'] }, client).send({
      channel: 'sms',
      to: '13800138000',
      subject: '',
      text: '',
      code: '000123',
    })
    expect(client.requests[0].TemplateParamSet).toEqual(['000123', '10'])
  })

  it('throws the provider code when the number was refused', async () => {
    const client = new FakeTencentClient()
    client.answer = (req) => tencentAnswer.refused(req.PhoneNumberSet[0])
    const err = await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' }).catch((e) => e)
    expect(err).toBeInstanceOf(MessageSendError)
    expect(err.message).toBe('tencent-sms: LimitExceeded.PhoneNumberDailyLimit')
    expect(err.requestId).toBe('b1a0d7c2-4c55-4f0a-9d0e-3d7c1e2f0a11')
  })

  it('throws the API error code the SDK raises (bad credentials, network)', async () => {
    const client = new FakeTencentClient()
    // what the SDK's TencentCloudSDKHttpException carries (the real one: the local HTTP server test below)
    client.SendSms = async () => {
      throw Object.assign(new Error('The SecretId is not found, please ensure that your SecretId is correct.'), {
        name: 'TencentCloudSDKHttpException',
        requestId: 'c2d1e0f9-req',
        code: 'AuthFailure.SecretIdNotFound',
      })
    }
    const err = await new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' }).catch((e) => e)
    expect(err.message).toBe('tencent-sms: AuthFailure.SecretIdNotFound')
    expect(err.requestId).toBe('c2d1e0f9-req')

    client.SendSms = async () => {
      throw Object.assign(new Error('request to https://sms.tencentcloudapi.com/ failed, reason: connect ECONNREFUSED'), { name: 'FetchError' })
    }
    await expect(new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(
      'tencent-sms: request failed (FetchError)',
    )
  })

  it('throws when the answer has no status for the number', async () => {
    const client = new FakeTencentClient()
    client.answer = () => ({ SendStatusSet: [], RequestId: 'x' })
    await expect(new TencentSmsSender(TENCENT, client).send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(
      MessageSendError,
    )
  })

  it('maps numbers to E.164 and refuses what is not a number', () => {
    expect(toE164('13800138000')).toBe('+8613800138000')
    expect(toE164('8613800138000')).toBe('+8613800138000')
    expect(toE164('0086 138-0013-8000')).toBe('+8613800138000')
    expect(toE164('+85291234567')).toBe('+85291234567')
    expect(() => toE164('12345')).toThrow(MessageSendError)
    expect(() => toE164('demo@example.com')).toThrow(MessageSendError)
  })

  it('carries SMS only, and only messages with a code', async () => {
    const sender = new TencentSmsSender(TENCENT, new FakeTencentClient())
    await expect(sender.send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(MessageSendError)
    await expect(sender.send({ channel: 'sms', to: '13800138000', subject: '', text: 't' })).rejects.toThrow(/needs a code/)
  })

  it('the real SDK client sends SendSms with that request and reads both answers (local HTTP server)', async () => {
    const seen: { action?: string; body: SendSmsRequest }[] = []
    let reply: object = { Response: tencentAnswer.ok('+8613800138000') }
    const server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ action: req.headers['x-tc-action'] as string, body: JSON.parse(body) })
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(reply))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      // an agent of our own also keeps the SDK from using an http_proxy of the environment
      const client = await createTencentSmsClient(TENCENT, { endpoint: `127.0.0.1:${port}`, protocol: 'http://', agent: new http.Agent() })
      const sender = new TencentSmsSender(TENCENT, client)
      await sender.send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '482913' })
      expect(seen[0].action).toBe('SendSms')
      expect(seen[0].body).toMatchObject({ PhoneNumberSet: ['+8613800138000'], SmsSdkAppId: '1400787878', TemplateId: '1890123', TemplateParamSet: ['482913'] })

      reply = {
        Response: {
          Error: { Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate', Message: '请求内容与审核通过的模板内容不匹配' },
          RequestId: 'r-42',
        },
      }
      await expect(sender.send({ channel: 'sms', to: '13800138000', subject: '', text: '', code: '1' })).rejects.toThrow(
        'tencent-sms: FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
