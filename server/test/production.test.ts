/**
 * Production safety: no demo seed on a production start, no start without a
 * real sender, the dev outbox only for this machine, and no code in the sandbox's log.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { sendLoginCode } from '@contracts/calls/auth'
import { getEventByHash } from '@contracts/calls/event'
import { seedDemo } from '../../scripts/seed-demo'
import { checkProductionSandboxes, checkProductionSenders, loadConfig, sandboxesInUse } from '../src/config'
import { openPglite, openPostgres, type DbHandle } from '../src/kernel/db/client'
import { DEMO_EVENT, DEMO_USER } from '../src/seed'
import type { MessageSender, OutgoingMessage } from '../src/kernel/messaging'
import { captureLogs, mentions } from './log-capture'
import { scratchPostgresDatabase, setup, type TestContext } from './helper'

const ROOT = path.resolve(__dirname, '../..')
const SECRET = 'production-test-secret-0123456789'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())

const countEvents = async (db: DbHandle) => {
  const r = await db.db.execute(sql`SELECT count(*)::int AS n FROM events`)
  // node-postgres answers { rows }, PGlite too; drizzle passes either through
  return (r as unknown as { rows: { n: number }[] }).rows[0].n
}

class RecordingSender implements MessageSender {
  sent: OutgoingMessage[] = []
  async send(m: OutgoingMessage) {
    this.sent.push(m)
  }
}

describe('a production server', () => {
  afterEach(async () => t.reset())

  it('does not seed the demo event on start; outside production it does', async () => {
    await t.db.db.execute(sql`TRUNCATE events, users RESTART IDENTITY CASCADE`)
    const prod = await t.buildApp({ config: { isProduction: true, nodeEnv: 'production' }, sender: new RecordingSender() })
    expect(await countEvents(t.db)).toBe(0)
    const r = await prod.inject({ method: 'POST', url: getEventByHash.path, payload: { eventHashCode: DEMO_EVENT.eventHashCode } })
    expect(r.json().msgId).toBe('EEVT1001')

    await t.buildApp({ config: { isProduction: false } })
    expect(await countEvents(t.db)).toBeGreaterThan(0)
  })

  it('without a configured sender does not pretend to deliver: the send fails (ECODE1003), nothing is kept', async () => {
    const { logs, logger } = captureLogs()
    const prod = await t.buildApp({ prepareDb: false, logger, config: { isProduction: true, nodeEnv: 'production', sms: { provider: 'sandbox' } } })
    const r = await prod.inject({ method: 'POST', url: sendLoginCode.path, payload: { channel: 'sms', mobile: DEMO_USER.mobile, eventCode: 'DEMO' } })
    expect(r.json().msgId).toBe('ECODE1003')
    expect(prod.outbox).toBeNull()
    expect(logs.text).not.toContain('sandbox message')
  })
})

describe('starting in production needs a real sender', () => {
  const prod = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', CODE_HASH_SECRET: SECRET, H5_ORIGINS: 'https://m.example.com', WX_APP_ID: 'wxoa', WX_APP_SECRET: 'oa-secret', ...env })
  const TENCENT = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'AKIDtest',
    TENCENT_SMS_SECRET_KEY: 'keytest',
    TENCENT_SMS_APP_ID: '1400000000',
    TENCENT_SMS_SIGN_NAME: '开发者大会',
    TENCENT_SMS_TEMPLATE_ID: '100001',
  }
  const SMTP = { SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'noreply@example.com' }

  it('refuses the sandbox, naming the variables to set', () => {
    expect(() => checkProductionSenders(prod({}))).toThrow(/SMS_PROVIDER=tencent.*TENCENT_SMS_SECRET_ID[\s\S]*SMTP_URL.*SMTP_HOST.*SMTP_FROM/)
    expect(() => checkProductionSenders(prod({ SMS_PROVIDER: 'sandbox', ...SMTP }))).toThrow(/SMS_PROVIDER/)
    expect(() => checkProductionSenders(prod({ ...TENCENT, EMAIL_PROVIDER: 'sandbox' }))).toThrow(/SMTP_URL/)
    expect(() => checkProductionSenders(prod({ SMS_PROVIDER: 'off', EMAIL_PROVIDER: 'off' }))).toThrow(/at least one real sender/)
  })

  it('accepts real senders, or one real sender and the other channel explicitly off', () => {
    expect(() => checkProductionSenders(prod({ ...TENCENT, ...SMTP }))).not.toThrow()
    expect(() => checkProductionSenders(prod({ SMS_PROVIDER: 'off', ...SMTP }))).not.toThrow()
    expect(() => checkProductionSenders(prod({ ...TENCENT, EMAIL_PROVIDER: 'off' }))).not.toThrow()
    // outside production the sandbox is the default for both
    expect(() => checkProductionSenders(loadConfig({}))).not.toThrow()
  })

  it('server.ts exits with that message instead of listening', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-start-'))
    try {
      // one process (tsx as a loader, not its CLI, which would leave a server behind when killed)
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          CODE_HASH_SECRET: SECRET,
          H5_ORIGINS: 'https://m.example.com',
          WX_APP_ID: 'wxoa',
          WX_APP_SECRET: 'oa-secret',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          STATIC_DIR: path.join(dataDir, 'no-build'),
          LOG_LEVEL: 'warn',
        },
      })
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
      const code = await new Promise<number | null>((resolve) => {
        // a server that starts anyway never exits by itself
        const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
        child.stdout.on('data', () => {
          if (/Open http|Listening on/.test(out)) child.kill('SIGKILL')
        })
        child.on('exit', (c) => {
          clearTimeout(timer)
          resolve(c)
        })
      })
      expect(out).not.toMatch(/Open http|Listening on/)
      expect(code).toBe(1)
      expect(out).toMatch(/NODE_ENV=production needs a real message sender/)
      expect(out).toMatch(/SMS_PROVIDER/)
      expect(out).toMatch(/SMTP_URL/)
      expect(out).not.toMatch(/\n\s+at /) // a sentence, not a stack trace
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 40_000)
})

describe('starting in production with a sandbox', () => {
  const SENDERS = { SMS_PROVIDER: 'off', SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'noreply@example.com', WECHAT_API: 'off' }
  const prod = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', CODE_HASH_SECRET: SECRET, H5_ORIGINS: 'https://m.example.com', ...SENDERS, ...env })

  it('refuses the railway and airline sandboxes nobody chose, naming the variable of each', () => {
    expect(() => checkProductionSandboxes(prod({}))).toThrow(
      /refuses to start with a sandbox nobody chose[\s\S]*RAILWAY_PROVIDER=sandbox[\s\S]*AIRLINE_PROVIDER=sandbox/,
    )
    expect(() => checkProductionSandboxes(prod({ RAILWAY_PROVIDER: 'sandbox' }))).toThrow(/AIRLINE_PROVIDER=sandbox/)
    expect(() => checkProductionSandboxes(prod({ RAILWAY_PROVIDER: 'sandbox' }))).not.toThrow(/RAILWAY_PROVIDER/)
    expect(() => checkProductionSandboxes(prod({ AIRLINE_PROVIDER: 'sandbox' }))).toThrow(/RAILWAY_PROVIDER=sandbox/)
  })

  it('starts when each sandbox is chosen by name, and names them; outside production they are the default', () => {
    const chosen = prod({ RAILWAY_PROVIDER: 'sandbox', AIRLINE_PROVIDER: 'sandbox' })
    expect(() => checkProductionSandboxes(chosen)).not.toThrow()
    // WeChat Pay is off in production unless WECHATPAY_PROVIDER names the sandbox
    expect(sandboxesInUse(chosen)).toEqual(['railway', 'airline'])
    expect(sandboxesInUse(prod({ RAILWAY_PROVIDER: 'sandbox', AIRLINE_PROVIDER: 'sandbox', WECHATPAY_PROVIDER: 'sandbox' }))).toEqual([
      'railway',
      'airline',
      'wechatpay',
    ])
    expect(() => checkProductionSandboxes(loadConfig({}))).not.toThrow()
    expect(sandboxesInUse(loadConfig({}))).toEqual(['railway', 'airline', 'wechatpay', 'sms', 'email', 'wechatSubscribe'])
  })

  it('refuses a value that is not a provider', () => {
    expect(() => prod({ RAILWAY_PROVIDER: 'real' })).toThrow(/RAILWAY_PROVIDER/)
  })

  it("says which sandboxes run in /readyz's body", async () => {
    const config = { ...prod({ RAILWAY_PROVIDER: 'sandbox', AIRLINE_PROVIDER: 'sandbox' }), databaseUrl: undefined }
    const app = await t.buildApp({ prepareDb: false, config, sender: new RecordingSender() })
    const r = await app.inject({ method: 'GET', url: '/readyz' })
    expect(r.json().sandboxes).toEqual(['railway', 'airline'])
  })

  it('server.ts exits with that sentence instead of listening', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-sandbox-'))
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          CODE_HASH_SECRET: SECRET,
          H5_ORIGINS: 'https://m.example.com',
          ...SENDERS,
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
        },
      })
      let out = ''
      child.stdout.on('data', (d) => (out += d))
      child.stderr.on('data', (d) => (out += d))
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
        child.on('exit', (c) => {
          clearTimeout(timer)
          resolve(c)
        })
      })
      expect(code).toBe(1)
      expect(out).toMatch(/NODE_ENV=production refuses to start with a sandbox nobody chose/)
      expect(out).not.toMatch(/\n\s+at /)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 40_000)
})

describe('npm run seed:demo', () => {
  /** a fresh, empty database of the kind the tests run on (PGlite folder, or a PostgreSQL database) */
  async function emptyDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<DbHandle>; drop: () => Promise<void> }> {
    const url = process.env.DATABASE_URL
    if (!url) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-demo-'))
      return { env: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir }), drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
    }
    const scratch = await scratchPostgresDatabase(url, 'seed')
    return { env: { DATABASE_URL: scratch.url }, open: () => openPostgres(scratch.url, 1), drop: scratch.drop }
  }

  it('migrates and seeds an empty database, and can run again', async () => {
    const target = await emptyDatabase()
    try {
      const where = await seedDemo(target.env)
      expect(where).not.toContain('postgres://') // never prints a connection string
      await seedDemo(target.env)
      const db = await target.open()
      try {
        const r = await db.db.execute(sql`SELECT event_code FROM events WHERE event_hash_code = ${DEMO_EVENT.eventHashCode}`)
        expect((r as unknown as { rows: unknown[] }).rows).toEqual([{ event_code: DEMO_EVENT.eventCode }])
        const u = await db.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE user_name = ${DEMO_USER.userName}`)
        expect((u as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1)
      } finally {
        await db.close()
      }
    } finally {
      await target.drop()
    }
  }, 60_000)
})

describe('/dev/outbox outside production', () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress, headers: { lang: 'en', ...headers } })
  const unknownPath = () => t.app.inject({ method: 'GET', url: '/dev/nope', remoteAddress: '203.0.113.9', headers: { lang: 'en' } })

  it.each(['127.0.0.1', '127.10.20.30', '::1', '::ffff:127.0.0.1'])('answers a caller on this machine (%s)', async (ip) => {
    const r = await get(ip)
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual(expect.any(Array))
  })

  it.each(['10.0.0.8', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.8', '2001:db8::1', '128.0.0.1'])('is an unknown path for anyone else (%s)', async (ip) => {
    const r = await get(ip)
    const unknown = await unknownPath()
    expect(r.statusCode).toBe(404)
    expect(r.headers['content-type']).toBe(unknown.headers['content-type'])
    expect(r.body).toBe(unknown.body)
  })

  it('behind a trusted local proxy, answers only when the forwarded client is local too', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { trustProxy: true } })
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, app)).statusCode).toBe(404)
    expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }, app)).statusCode).toBe(200)
    // a forged header from outside does not make the caller local …
    expect((await get('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }, app)).statusCode).toBe(404)
    // … nor when a local proxy appends the real address to it (req.ip is then the forged one)
    expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }, app)).statusCode).toBe(404)
  })

  it('behind a local proxy without TRUST_PROXY, a forwarded visitor is not local either', async () => {
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404)
    expect((await get('127.0.0.1', { 'x-real-ip': '10.0.0.8' })).statusCode).toBe(404)
    expect((await get('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711";proto=https' })).statusCode).toBe(404)
    expect((await get('127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(200)
  })
})

describe('the sandbox sender', () => {
  it('logs neither the code, nor the message, nor the full destination; the outbox keeps them', async () => {
    const { logs, logger } = captureLogs()
    const app = await t.buildApp({ prepareDb: false, logger })
    for (const payload of [
      { channel: 'sms', mobile: '13312340001', eventCode: 'DEMO' },
      { channel: 'email', email: 'sandbox.probe@example.com', eventCode: 'DEMO' },
    ]) {
      const r = await app.inject({ method: 'POST', url: sendLoginCode.path, payload })
      expect(r.json().msgId).toBe('')
    }
    const kept = app.outbox!.list()
    expect(kept).toHaveLength(2)
    for (const m of kept) {
      expect(m.code).toMatch(/^\d{6}$/)
      expect(mentions(logs.text, m.code!)).toBe(false)
      expect(logs.text).not.toContain(m.text)
      expect(logs.text).not.toContain(m.to)
    }
    expect(logs.text).not.toContain('登录验证码')
    // it still says that something was sent, and to whom roughly
    expect(
      logs
        .entries()
        .filter((e) => /sandbox message/.test(e.msg))
        .map((e) => e.to),
    ).toEqual(['133****0001', 'sa***@example.com'])
  })
})
