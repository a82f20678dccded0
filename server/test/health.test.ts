/**
 * /healthz and /readyz: what a load balancer asks before sending an instance traffic, and what it
 * is told while the instance drains (kernel/health/).
 */
import { sql } from 'drizzle-orm'
import { getEventByHash } from '@contracts/calls/event'
import type { DbHandle } from '../src/kernel/db/client'
import { captureLogs } from './log-capture'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url })

describe('/healthz', () => {
  it('answers 200 while the process serves, draining or not', async () => {
    const app = await t.buildApp({ prepareDb: false })
    expect((await get('/healthz', app)).statusCode).toBe(200)
    app.readiness.startDraining()
    const r = await get('/healthz', app)
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ status: 'alive' })
  })
})

describe('/readyz', () => {
  it('answers 200 when the database answers and every migration is applied, naming the sandboxes in use', async () => {
    const r = await get('/readyz')
    expect(r.statusCode).toBe(200)
    expect(r.headers['cache-control']).toBe('no-store')
    expect(r.json()).toMatchObject({
      status: 'ready',
      ready: true,
      failed: [],
      checks: { database: { ok: true }, migrations: { ok: true }, draining: { ok: true } },
      sandboxes: expect.arrayContaining(['railway', 'airline', 'wechatpay']),
    })
  })

  it('answers 503 naming the migration not applied', async () => {
    const newest = await t.db.db.execute(sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`)
    const row = (newest as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }).rows[0]
    await t.db.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${row.id}`)
    try {
      const r = await get('/readyz')
      expect(r.statusCode).toBe(503)
      const body = r.json()
      expect(body.failed).toEqual(['migrations'])
      expect(body.checks.database).toEqual({ ok: true })
      expect(body.checks.migrations.detail).toMatch(/^not applied: \d{4}_\w+$/)
    } finally {
      await t.db.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row.id}, ${row.hash}, ${row.created_at})`)
    }
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('answers 503 naming the database when it does not answer, without a 5xx of the error handler', async () => {
    const refused = new Proxy(t.db.db, {
      get: (target, prop, receiver) =>
        prop === 'execute' ? () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : Reflect.get(target, prop, receiver),
    })
    const app = await t.buildApp({ prepareDb: false, db: { ...t.db, db: refused } as DbHandle })
    const r = await get('/readyz', app)
    expect(r.statusCode).toBe(503)
    expect(r.json()).toMatchObject({
      status: 'not ready',
      failed: ['database', 'migrations'],
      checks: { database: { ok: false, detail: expect.stringContaining('ECONNREFUSED') }, draining: { ok: true } },
    })
  })

  it('answers 503 "draining" once shutdown starts, and every answer then asks to close the connection', async () => {
    const app = await t.buildApp({ prepareDb: false })
    const before = await get('/healthz', app)
    expect(before.headers.connection).not.toBe('close')
    app.readiness.startDraining()
    const r = await get('/readyz', app)
    expect(r.statusCode).toBe(503)
    expect(r.json().failed).toEqual(['draining'])
    expect(r.json().checks.draining.detail).toMatch(/^shutting down since /)
    expect(r.headers.connection).toBe('close')
    // the app's calls still work while draining (requests the balancer still sends)
    const api = await app.inject({ method: 'POST', url: getEventByHash.path, payload: { eventHashCode: 'demo' } })
    expect(api.statusCode).toBe(200)
    expect(api.headers.connection).toBe('close')
  })

  it('is never refused for the number of probes from one address', async () => {
    for (let i = 0; i < 300; i++) {
      const r = await t.app.inject({ method: 'GET', url: i % 2 ? '/readyz' : '/healthz', remoteAddress: '203.0.113.7' })
      expect(r.statusCode).toBe(200)
    }
  })

  it('is not logged at info for each probe; an API call is', async () => {
    const { logs, logger } = captureLogs()
    const app = await t.buildApp({ prepareDb: false, logger })
    await get('/healthz', app)
    await get('/readyz', app)
    expect(logs.entries().filter((e) => /healthz|readyz/.test(JSON.stringify(e)))).toEqual([])
    await app.inject({ method: 'POST', url: getEventByHash.path, payload: { eventHashCode: 'demo' } })
    expect(logs.entries().some((e) => e.msg === 'request completed')).toBe(true)
  })
})
