/**
 * Every log line of a request carries its id: Fastify's own lines and the lines domain code writes
 * through deps.log while answering it; the answer says the id in X-Request-Id, which a trusted proxy
 * may choose when it is well-formed.
 */
import type { FastifyInstance } from 'fastify'
import { sendLoginCode } from '@contracts/calls/auth'
import { ensureJob } from '../src/kernel/jobs/repository'
import { DEMO_USER } from '../src/seed'
import { captureLogs, type LogCapture } from './log-capture'
import { setup, type TestContext } from './helper'

let t: TestContext
let app: FastifyInstance
let logs: LogCapture
beforeAll(async () => {
  t = await setup()
  const capture = captureLogs()
  logs = capture.logs
  app = await t.buildApp({ logger: capture.logger })
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  logs.clear()
})

const sendCode = (target: FastifyInstance, mobile: string, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: sendLoginCode.path, payload: { channel: 'sms', mobile, eventCode: 'DEMO' }, headers })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('the request id in the log', () => {
  it("is on Fastify's request lines and on the lines domain code writes through deps.log, once per line", async () => {
    const sender = app.deps.senderSandbox!
    sender.failNext()
    const res = await sendCode(app, DEMO_USER.mobile)
    expect(res.json().msgId).toBe('ECODE1003')
    const id = res.headers['x-request-id']
    expect(id).toMatch(UUID)

    const entries = logs.entries()
    const incoming = entries.find((e) => e.msg === 'incoming request')
    const domain = entries.find((e) => e.msg === 'code could not be sent')
    const completed = entries.find((e) => e.msg === 'request completed')
    expect(incoming?.reqId).toBe(id)
    expect(domain?.reqId).toBe(id)
    expect(completed?.reqId).toBe(id)
    // written once: a line with the field twice is not valid for every log shipper
    for (const line of logs.text.split('\n').filter(Boolean)) expect(line.split('"reqId":').length).toBeLessThanOrEqual(2)
  })

  it('keeps requests answered at the same time apart', async () => {
    const mobiles = ['13312345601', '13312345602', '13312345603']
    const answers = await Promise.all(mobiles.map((m) => sendCode(app, m)))
    const ids = answers.map((r) => r.headers['x-request-id'])
    expect(new Set(ids).size).toBe(3)
    // the sandbox sender logs each message kept, with the number masked to its last four digits
    const kept = logs.entries().filter((e) => e.msg === 'sandbox message kept in /dev/outbox')
    expect(kept).toHaveLength(3)
    mobiles.forEach((m, i) => expect(kept.find((e) => String(e.to).endsWith(m.slice(-4)))?.reqId).toBe(ids[i]))
  })

  it('is not on lines written outside any request (a job run)', async () => {
    await ensureJob(t.db.db, { kind: 'no-such-kind', key: 'x', dueAt: t.clock.now(), now: t.clock.now() })
    await app.jobs.runOnce(t.clock.now())
    const failed = logs.entries().find((e) => e.msg === 'job failed')
    expect(failed).toBeDefined()
    expect(failed).not.toHaveProperty('reqId')
  })
})

describe('X-Request-Id from the proxy', () => {
  it('is used when TRUST_PROXY is on and it is well-formed; otherwise a new id is made', async () => {
    const behindProxy = await t.buildApp({ config: { trustProxy: true } })
    const given = 'edge-7f3a9c2e41b04d6a'
    expect((await sendCode(behindProxy, '13312345604', { 'x-request-id': given })).headers['x-request-id']).toBe(given)
    for (const bad of ['short', 'has spaces in it', 'line\\nbreak-0000', 'x'.repeat(200), '"quoted-0000"']) {
      const id = (await sendCode(behindProxy, '13312345605', { 'x-request-id': bad })).headers['x-request-id']
      expect(id).toMatch(UUID)
    }
  })

  it('is ignored without TRUST_PROXY: a client cannot choose the ids in the log', async () => {
    const res = await sendCode(app, '13312345606', { 'x-request-id': 'edge-7f3a9c2e41b04d6a' })
    expect(res.headers['x-request-id']).toMatch(UUID)
  })
})
