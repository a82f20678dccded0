/**
 * GET /metrics: who may read it, and what a request, a refused login code, a due job and a second
 * app in the same process do to its figures.
 */
import { sendLoginCode } from '@contracts/calls/auth'
import { jobs } from '../src/kernel/db/schema'
import { ensureJob } from '../src/kernel/jobs/repository'
import { PAYMENT_QUERY_JOB } from '../src/payments/payments'
import { DEMO_USER } from '../src/seed'
import { loadConfig } from '../src/config'
import { METRICS_RULES } from '../src/kernel/metrics/metrics-rules'
import { METRICS_TOKEN, sample, scrape } from './metrics-support'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup({ config: { metricsToken: METRICS_TOKEN } })
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const getMetrics = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers })
const sendSms = (mobile: string) => t.post(sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })
const SEND_CODE = { method: 'POST', route: sendLoginCode.path, status_class: '2xx' }

describe('who may read the metrics', () => {
  it('refuses a scrape without the token, with another token or another scheme (401)', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-metrics-token-at-all' },
      { authorization: `Basic ${METRICS_TOKEN}` },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
    ]
    for (const headers of attempts) {
      const res = await getMetrics(headers)
      expect(res.statusCode).toBe(401)
      expect(res.body).not.toContain('http_requests_total')
    }
  })

  it('answers the right token with the text format and every instrument', async () => {
    const res = await getMetrics({ authorization: `Bearer ${METRICS_TOKEN}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'api_error_answers_total',
      'booking_outcomes_total',
      'payment_outcomes_total',
      'provider_failures_total',
      'limiter_refusals_total',
      'jobs_due',
      'jobs_due_failing',
      'jobs_oldest_due_age_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `)
    }
  })

  it('has no /metrics at all without METRICS_TOKEN, in production or not', async () => {
    for (const config of [{ metricsToken: null }, { metricsToken: null, isProduction: true }]) {
      const app = await t.buildApp({ config })
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('http_requests_total')
    }
  })
})

describe('METRICS_TOKEN', () => {
  it('is optional, and when set has at least the minimum length and no spaces', () => {
    const min = METRICS_RULES.tokenMinLength
    expect(loadConfig({}).metricsToken).toBeNull()
    expect(loadConfig({ METRICS_TOKEN: 'k'.repeat(min) }).metricsToken).toBe('k'.repeat(min))
    expect(() => loadConfig({ METRICS_TOKEN: 'k'.repeat(min - 1) })).toThrow(/METRICS_TOKEN: must be at least 16 characters/)
    expect(() => loadConfig({ METRICS_TOKEN: `${'k'.repeat(min)} x` })).toThrow(/METRICS_TOKEN: must not contain spaces/)
  })
})

describe('what is counted', () => {
  it('counts a request under its route pattern and status class, in the counter and the latency histogram', async () => {
    const before = await scrape(t.app)
    expect((await sendSms(DEMO_USER.mobile)).body.status).toBe(200)
    const after = await scrape(t.app)
    expect(sample(after, 'http_requests_total', SEND_CODE) - sample(before, 'http_requests_total', SEND_CODE)).toBe(1)
    expect(sample(after, 'http_request_duration_seconds_count', SEND_CODE) - sample(before, 'http_request_duration_seconds_count', SEND_CODE)).toBe(1)
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...SEND_CODE, le: '+Inf' })).toBe(sample(after, 'http_requests_total', SEND_CODE))
    expect(sample(after, 'http_request_duration_seconds_sum', SEND_CODE)).toBeGreaterThan(0)
  })

  it('labels a path no route matches as one series, never by the URL asked for', async () => {
    await t.app.inject({ method: 'GET', url: '/no/such/page-12345?x=1' })
    await t.app.inject({ method: 'GET', url: '/another/unknown/path' })
    const text = await scrape(t.app)
    expect(text).not.toContain('page-12345')
    expect(text).not.toContain('/another/unknown/path')
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(2)
  })

  it('counts a refused login code as a limiter refusal (and its error answer by msgId)', async () => {
    expect((await sendSms(DEMO_USER.mobile)).body.status).toBe(200)
    const again = await sendSms(DEMO_USER.mobile)
    expect(again.body.msgId).toBe('ECODE1001')
    const text = await scrape(t.app)
    expect(sample(text, 'limiter_refusals_total', { limit: 'code_resend_wait' })).toBe(1)
    expect(sample(text, 'api_error_answers_total', { route: sendLoginCode.path, msg_id: 'ECODE1001' })).toBe(1)
  })

  it("counts a refusal of the route's per-address limit under the route's name", async () => {
    const app = await t.buildApp({ rateLimits: { sendCodePerMinute: 1 } })
    const send = (mobile: string) => app.inject({ method: 'POST', url: sendLoginCode.path, payload: { channel: 'sms', mobile, eventCode: 'DEMO' } })
    expect((await send('13312345670')).json().status).toBe(200)
    expect((await send('13312345671')).json().msgId).toBe('ESYS0003')
    expect(sample(await scrape(app), 'limiter_refusals_total', { limit: `per_address:${sendLoginCode.path}` })).toBe(1)
  })

  it('counts a failed SMS send as a provider failure', async () => {
    const sender = t.app.deps.senderSandbox!
    sender.failNext()
    expect((await sendSms(DEMO_USER.mobile)).body.msgId).toBe('ECODE1003')
    expect(sample(await scrape(t.app), 'provider_failures_total', { provider: 'sms', operation: 'send' })).toBe(1)
  })
})

describe('the job queue, read from the jobs table when scraped', () => {
  it('shows a due job in the queue depth and its age past its due time; a job not yet due is not in it', async () => {
    await t.db.db.delete(jobs)
    const now = t.clock.now()
    await ensureJob(t.db.db, { kind: PAYMENT_QUERY_JOB, key: 'due', dueAt: new Date(now.getTime() - 90_000), now })
    await ensureJob(t.db.db, { kind: PAYMENT_QUERY_JOB, key: 'later', dueAt: new Date(now.getTime() + 60_000), now })
    const kind = { kind: PAYMENT_QUERY_JOB }
    let text = await scrape(t.app)
    expect(sample(text, 'jobs_due', kind)).toBe(1)
    expect(sample(text, 'jobs_oldest_due_age_seconds', kind)).toBe(90)
    expect(sample(text, 'jobs_due_failing', kind)).toBe(0)
    // a kind with nothing due still has its series, at zero
    expect(text).toMatch(/^jobs_due\{kind="cleanup"\} 0$/m)

    // another instance on the same database answers the same figures
    const other = await t.buildApp()
    expect(sample(await scrape(other), 'jobs_due', kind)).toBe(1)

    t.clock.advance(60_000)
    text = await scrape(t.app)
    expect(sample(text, 'jobs_due', kind)).toBe(2)
    expect(sample(text, 'jobs_oldest_due_age_seconds', kind)).toBe(150)
  })
})

describe('two apps in one process', () => {
  it('keep separate counts', async () => {
    const other = await t.buildApp()
    const mine = sample(await scrape(t.app), 'http_requests_total', SEND_CODE)
    await sendSms(DEMO_USER.mobile)
    await sendSms('13312345679')
    expect(sample(await scrape(t.app), 'http_requests_total', SEND_CODE)).toBe(mine + 2)
    expect(sample(await scrape(other), 'http_requests_total', SEND_CODE)).toBe(0)
  })
})
