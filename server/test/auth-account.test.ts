/** Account login (user name + password), sessions and the user calls. */
import { sql } from 'drizzle-orm'
import { getUser, guestLogin, updateUser } from '@contracts/calls/auth'
import { MESSAGES } from '@contracts/messages'
import { AUDITING_USER, DEMO_USER, LOCKED_ATTENDEE, OUTSIDER_USER, REJECTED_USER } from '../src/seed'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const account = (userName: string, password: string, extra: object = {}) =>
  t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName, password, ...extra })
const loginDemo = async () => {
  const r = await account(DEMO_USER.userName, DEMO_USER.password)
  expect(r.body.msgId).toBe('')
  return r.body.data.token as string
}
const hour = 3600_000

describe('account login', () => {
  it('user name + password → session', async () => {
    const r = await account(DEMO_USER.userName, DEMO_USER.password, { funcModule: 'login', funcOperation: 'login' })
    expect(r.statusCode).toBe(200)
    expect(r.body.status).toBe(200)
    expect(r.body.data.user).toMatchObject({ userCode: DEMO_USER.userCode, userName: 'demo', eventCode: 'DEMO', userType: 'attendee' })
  })

  it('user name is case-insensitive, password is not', async () => {
    expect((await account('DEMO', DEMO_USER.password)).body.msgId).toBe('')
    expect((await account('demo', DEMO_USER.password.toLowerCase())).body.msgId).toBe('ELOG1005')
  })

  it('wrong password and unknown user answer the same ELOG1005', async () => {
    const a = await account('demo', 'wrong', {})
    const b = await account('nobody', 'wrong')
    expect(a.body).toEqual({ status: 0, msgId: 'ELOG1005', msgText: MESSAGES.ELOG1005.zh, data: null })
    expect(b.body).toEqual(a.body)
  })

  it('5 wrong passwords in 15 minutes lock the account for 15 minutes (ELOG1006)', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await account('demo', `wrong${i}`)).body.msgId).toBe('ELOG1005')
      t.clock.advance(60_000)
    }
    expect((await account('demo', 'wrong4')).body.msgId).toBe('ELOG1006')
    // even the right password waits
    expect((await account('demo', DEMO_USER.password)).body.msgId).toBe('ELOG1006')
    t.clock.advance(14 * 60_000)
    expect((await account('demo', DEMO_USER.password)).body.msgId).toBe('ELOG1006')
    t.clock.advance(60_000)
    expect((await account('demo', DEMO_USER.password)).body.msgId).toBe('')
  })

  it('wrong passwords spread over more than 15 minutes do not lock', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await account('demo', 'wrong')).body.msgId).toBe('ELOG1005')
      t.clock.advance(4 * 60_000)
    }
  })

  it('a success clears the count', async () => {
    for (let i = 0; i < 4; i++) await account('demo', 'wrong')
    expect((await account('demo', DEMO_USER.password)).body.msgId).toBe('')
    for (let i = 0; i < 4; i++) expect((await account('demo', 'wrong')).body.msgId).toBe('ELOG1005')
  })

  it('parallel wrong passwords cannot exceed the lock', async () => {
    expect((await account('demo', 'wrong')).body.msgId).toBe('ELOG1005')
    const r = await Promise.all(Array.from({ length: 7 }, () => account('demo', 'wrong')))
    const ids = r.map((x) => x.body.msgId)
    expect(ids.filter((id) => id === 'ELOG1005')).toHaveLength(3)
    expect(ids.filter((id) => id === 'ELOG1006')).toHaveLength(4)
  })

  it('parallel logins with the right password all succeed (distinct sessions)', async () => {
    const r = await Promise.all(Array.from({ length: 5 }, () => account('demo', DEMO_USER.password)))
    expect(new Set(r.map((x) => x.body.data.token)).size).toBe(5)
  })

  it.each([
    ['auditing', AUDITING_USER, 'EREG1040'],
    ['rejected', REJECTED_USER, 'EREG1030'],
    ['not registered', OUTSIDER_USER, 'EREG1036'],
  ])('%s → %s', async (_n, u, msgId) => {
    const r = await account(u.userName, u.password, {})
    expect(r.body).toMatchObject({ status: 0, msgId, msgText: MESSAGES[msgId as 'EREG1036'].zh })
  })

  it('EREG1036 in English', async () => {
    const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'outsider', password: OUTSIDER_USER.password }, { lang: 'en' })
    expect(r.body.msgText).toBe(MESSAGES.EREG1036.en)
  })

  describe('LOCKED event (ID number, visiting code, room number)', () => {
    const locked = (extra: object) =>
      t.post(guestLogin.path, {
        loginType: 'account',
        eventCode: 'LOCKED',
        userName: 'demo',
        password: DEMO_USER.password,
        idNumber: DEMO_USER.idNumber,
        ...LOCKED_ATTENDEE,
        ...extra,
      })
    it('all proofs right → in', async () => {
      const r = await locked({ visitingCode: ' vip2026 ' })
      expect(r.body.msgId).toBe('')
      expect(r.body.data.user.eventCode).toBe('LOCKED')
    })
    it.each([
      [{ idNumber: '11010519491231002X' }, 'ELOG1008'],
      [{ idNumber: undefined }, 'EVAL0007'],
      [{ idNumber: 'x'.repeat(33) }, 'EVAL0007'],
      [{ visitingCode: 'VIP2025' }, 'ELOG1009'],
      [{ visitingCode: '' }, 'ELOG1009'],
      [{ roomNumber: '8809' }, 'ELOG1010'],
      [{ roomNumber: null }, 'ELOG1010'],
    ])('%j → %s', async (extra, msgId) => {
      expect((await locked(extra)).body.msgId).toBe(msgId)
    })
    it('a wrong proof counts towards the lock', async () => {
      for (let i = 0; i < 4; i++) expect((await locked({ roomNumber: '1' })).body.msgId).toBe('ELOG1010')
      expect((await locked({ roomNumber: '1' })).body.msgId).toBe('ELOG1006')
      expect((await locked({})).body.msgId).toBe('ELOG1006')
    })
  })

  it('the event may switch account login off (ELOG1007)', async () => {
    await t.db.db.execute(sql`UPDATE events SET login_modes = '["mobile"]' WHERE event_code = 'DEMO'`)
    expect((await account('demo', DEMO_USER.password)).body.msgId).toBe('ELOG1007')
  })

  it.each([
    [{ loginType: 'account', eventCode: 'DEMO', password: 'x' }, 'EVAL0005'],
    [{ loginType: 'account', eventCode: 'DEMO', userName: '   ', password: 'x' }, 'EVAL0005'],
    [{ loginType: 'account', eventCode: 'DEMO', userName: 'demo' }, 'EVAL0006'],
    [{ loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: '' }, 'EVAL0006'],
    [{ loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: 'x'.repeat(129) }, 'EVAL0006'],
    [{ loginType: 'account', eventCode: 'DEMO', userName: 'x'.repeat(65), password: 'x' }, 'EVAL0005'],
    [{ loginType: 'account', eventCode: '', userName: 'demo', password: 'x' }, 'EVAL0001'],
    [{ loginType: 'account', eventCode: 'NOPE', userName: 'demo', password: 'x' }, 'EEVT1001'],
    [{ loginType: 'account', eventCode: 'CLOSED', userName: 'demo', password: DEMO_USER.password }, 'EEVT1002'],
  ])('refuses %j with %s', async (body, msgId) => {
    expect((await t.post(guestLogin.path, body)).body).toMatchObject({ status: 0, msgId })
  })
})

describe('sessions', () => {
  it('getUser with the token, raw or Bearer', async () => {
    const token = await loginDemo()
    for (const auth of [token, `Bearer ${token}`, `bearer ${token.toUpperCase()}`]) {
      const r = await t.post(getUser.path, {}, { token: auth })
      expect(r.body.data).toMatchObject({ userCode: DEMO_USER.userCode, eventCode: 'DEMO' })
    }
  })

  it('getUser accepts an empty or missing body', async () => {
    const token = await loginDemo()
    const r = await t.app.inject({ method: 'POST', url: getUser.path, headers: { authorization: token } })
    expect(r.json().data.userCode).toBe(DEMO_USER.userCode)
  })

  it('missing token → EAUT0003, unknown → EAUT0005, both in the caller language', async () => {
    expect((await t.post(getUser.path, {})).body).toEqual({ status: 0, msgId: 'EAUT0003', msgText: MESSAGES.EAUT0003.zh, data: null })
    expect((await t.post(getUser.path, {}, { token: 'Bearer ' })).body.msgId).toBe('EAUT0003')
    expect((await t.post(getUser.path, {}, { token: 'a'.repeat(64), lang: 'en' })).body).toMatchObject({ msgId: 'EAUT0005', msgText: MESSAGES.EAUT0005.en })
    expect((await t.post(getUser.path, {}, { token: 'not-a-token' })).body.msgId).toBe('EAUT0005')
  })

  it('expires after TOKEN_TTL_HOURS (72) → EAUT0004', async () => {
    const token = await loginDemo()
    t.clock.advance(72 * hour - 1000)
    expect((await t.post(getUser.path, {}, { token })).body.status).toBe(200)
    t.clock.advance(1000)
    expect((await t.post(getUser.path, {}, { token })).body).toMatchObject({ msgId: 'EAUT0004', msgText: MESSAGES.EAUT0004.zh })
  })

  it('TOKEN_TTL_HOURS is configurable', async () => {
    const app = await t.buildApp({ prepareDb: false, config: { tokenTtlHours: 1 } })
    const r = await app.inject({
      method: 'POST',
      url: guestLogin.path,
      payload: { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: DEMO_USER.password },
    })
    expect(Date.parse(r.json().data.expiresAt)).toBe(t.clock.t + hour)
  })

  it('a revoked session → EAUT0005', async () => {
    const token = await loginDemo()
    await t.db.db.execute(sql`UPDATE sessions SET revoked_at = now()`)
    expect((await t.post(getUser.path, {}, { token })).body.msgId).toBe('EAUT0005')
  })

  it('the session check comes before input validation', async () => {
    expect((await t.post(updateUser.path, { name: 42 })).body.msgId).toBe('EAUT0003')
  })

  it('each login is its own session', async () => {
    const a = await loginDemo()
    const b = await loginDemo()
    expect(a).not.toBe(b)
    expect((await t.post(getUser.path, {}, { token: a })).body.status).toBe(200)
    expect((await t.post(getUser.path, {}, { token: b })).body.status).toBe(200)
  })
})

describe('updating the user', () => {
  it('changes name and company and answers the new UserInfo', async () => {
    const token = await loginDemo()
    const r = await t.post(updateUser.path, { name: ' 张伟伟 ', company: '新公司' }, { token })
    expect(r.body.data).toMatchObject({ name: '张伟伟', company: '新公司', userCode: DEMO_USER.userCode })
    expect((await t.post(getUser.path, {}, { token })).body.data).toMatchObject({ name: '张伟伟', company: '新公司' })
  })

  it('only what is given changes; empty company clears it', async () => {
    const token = await loginDemo()
    expect((await t.post(updateUser.path, { company: '' }, { token })).body.data).toMatchObject({ name: DEMO_USER.name, company: null })
    expect((await t.post(updateUser.path, {}, { token })).body.data).toMatchObject({ name: DEMO_USER.name, company: null })
  })

  it.each([[{ name: '' }], [{ name: '   ' }], [{ name: 'x'.repeat(51) }], [{ company: 'x'.repeat(101) }], [{ name: 1 }], [[]]])(
    'refuses %j with EVAL0001',
    async (body) => {
      const token = await loginDemo()
      expect((await t.post(updateUser.path, body, { token })).body.msgId).toBe('EVAL0001')
    },
  )
})
