/**
 * Logs carry no personal data: the log is read as it would be shipped (pino
 * JSON lines into a stream) while queries fail with personal data in their parameters.
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { getUser, guestLogin, updateUser } from '@contracts/calls/auth'
import { COLLEAGUE_USER } from '../src/seed'
import { serializeError } from '../src/kernel/logging'
import { captureLogs, mentions, type LogCapture } from './log-capture'
import { setup, type TestContext } from './helper'

let t: TestContext
let app: FastifyInstance
let logs: LogCapture
beforeAll(async () => {
  t = await setup()
  const capture = captureLogs()
  logs = capture.logs
  app = await t.buildApp({ prepareDb: false, logger: capture.logger })
})
afterAll(async () => t?.close())
beforeEach(() => logs.clear())

const post = (url: string, payload: object, authorization?: string) =>
  app.inject({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} })

const loginLilei = async () => {
  const r = await post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: COLLEAGUE_USER.userName, password: COLLEAGUE_USER.password })
  expect(r.json().msgId).toBe('')
  return r.json().data.token as string
}

/** the unexpected-error lines: proof that the failure was logged at all */
const errorLines = () => logs.entries().filter((e) => e.msg === 'unexpected error')

describe('what the log never holds', () => {
  it('a password, or the token of a logged-in call', async () => {
    const token = await loginLilei()
    expect((await post(getUser.path, {}, token)).json().msgId).toBe('')
    expect(logs.text.length).toBeGreaterThan(0)
    expect(logs.text).not.toContain(COLLEAGUE_USER.password)
    expect(logs.text).not.toContain(token)
  })

  it('the values of a failing update (name, company), while the failure itself is logged', async () => {
    const token = await loginLilei()
    const name = 'Probe Name Zhou'
    const company = 'Probe Company Ltd'
    // a check the update breaks: PostgreSQL refuses it and puts the whole row into `detail`
    await t.db.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT log_probe CHECK (company IS DISTINCT FROM '${company}') NOT VALID`))
    try {
      const r = await post(updateUser.path, { name, company }, token)
      expect(r.statusCode).toBe(500)
    } finally {
      await t.db.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT log_probe'))
    }
    const [line] = errorLines()
    expect(line).toBeDefined()
    for (const secret of [name, company, COLLEAGUE_USER.mobile, COLLEAGUE_USER.email, token]) expect(logs.text).not.toContain(secret)
    // what an operator needs is still there: the statement, the SQLSTATE and the constraint
    expect(line.err.query).toMatch(/^update "users" set "name" = \$1/)
    expect(line.err.cause).toMatchObject({ code: '23514', table: 'users', constraint: 'log_probe' })
  })

  it('the user name and password of a login whose query fails', async () => {
    const userName = 'probe.login.user'
    const password = 'Probe-Password-2026'
    await t.db.db.execute(sql.raw('ALTER TABLE users RENAME TO users_away'))
    try {
      const r = await post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName, password })
      expect(r.statusCode).toBe(500)
    } finally {
      await t.db.db.execute(sql.raw('ALTER TABLE users_away RENAME TO users'))
    }
    expect(errorLines().length).toBeGreaterThan(0)
    expect(logs.text).not.toContain(userName)
    expect(logs.text).not.toContain(password)
    expect(logs.text).toContain('42P01') // undefined table: the cause is still readable
  })

  it('secret fields of anything logged: bodies, headers, users', () => {
    app.log.info(
      {
        body: {
          password: 'pw-Secret-1',
          code: '482913',
          mobile: '13912345678',
          email: 'someone@example.com',
          idNumber: '110101199003071234',
          visitingCode: 'VC-77',
        },
        headers: { authorization: 'token-Secret-2', cookie: 'sid=Secret-3' },
        user: { name: '王小明', company: '某某科技', userName: 'wangxm', passwordHash: 'scrypt$Secret-4' },
        request: { headers: { authorization: 'token-Secret-5' } },
        mobile: '13698765432',
      },
      'probe',
    )
    for (const v of [
      'pw-Secret-1',
      '482913',
      '13912345678',
      'someone@example.com',
      '110101199003071234',
      'VC-77',
      'token-Secret-2',
      'Secret-3',
      '王小明',
      '某某科技',
      'wangxm',
      'Secret-4',
      'token-Secret-5',
      '13698765432',
    ])
      expect(mentions(logs.text, v)).toBe(false)
    const [line] = logs.entries()
    expect(line.body.password).toBe('[redacted]')
    expect(line.headers.authorization).toBe('[redacted]')
  })

  it('the query string of a request (GET /dev/outbox?to=<number>)', async () => {
    await app.inject({ method: 'GET', url: '/dev/outbox?to=13987654321' })
    expect(logs.entries().some((e) => e.req?.url === '/dev/outbox')).toBe(true)
    expect(logs.text).not.toContain('13987654321')
  })
})

describe('serializeError', () => {
  it('keeps names and codes of a database error, drops values, keeps other errors as pino would', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "13912345678"'), {
      severity: 'ERROR',
      code: '22P02',
      detail: 'Key (mobile)=(13912345678)',
      where: "unnamed portal parameter $1 = '13912345678'",
    })
    const drizzleError = Object.assign(new Error('Failed query: select 1 where x = $1\nparams: 13912345678'), {
      query: 'select 1 where x = $1',
      params: ['13912345678'],
      cause: pgError,
    })
    const wrapped = Object.assign(new Error('login failed'), { statusCode: 500, cause: drizzleError })
    const out = serializeError(wrapped)
    expect(JSON.stringify(out)).not.toContain('13912345678')
    expect(out).toMatchObject({
      type: 'Error',
      message: 'login failed',
      statusCode: 500,
      cause: { query: 'select 1 where x = $1', cause: { code: '22P02', severity: 'ERROR' } },
    })
    expect(out.stack).toMatch(/^Error: login failed\n\s+at /)
  })
})
