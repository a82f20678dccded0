/**
 * Logout and the cap of live sessions per person and event through the API: a revoked token seen
 * by every instance, the oldest session revoked by the next login, expired sessions not counted,
 * parallel logins never over the cap. Set-up: auth-limits-support.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { getUser, logout } from '@contracts/calls/auth'
import { sessions } from '../src/kernel/db/schema'
import { DEMO_USER, PAST_EVENT } from '../src/seed'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { findEventByCode } from '../src/events/repositories/events'
import { createSession } from '../src/auth/sessions'
import { HOUR, OWNER_IP, account, t, useAuthLimitsApp } from './auth-limits-support'

useAuthLimitsApp()

describe('logout and the session cap', () => {
  const login = async (eventCode = 'DEMO') => {
    const r = await account(DEMO_USER.password, OWNER_IP, { eventCode })
    expect(r.body.msgId).toBe('')
    return r.body.data.token as string
  }
  /** the demo attendee's sessions not revoked, at DEMO (or another event) */
  const live = async (eventCode = 'DEMO') => {
    const event = (await findEventByCode(t.db.db, eventCode))!
    const where = and(isNull(sessions.revokedAt), eq(sessions.userId, 1), eq(sessions.eventId, event.id))
    return (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(where)
    )[0].n
  }

  it('logout revokes the token on the server; other sessions go on', async () => {
    const mine = await login()
    const other = await login()
    const r = await t.post(logout.path, {}, { token: mine })
    expect(r.body).toEqual({ status: 200, msgId: '', msgText: '', data: null })
    expect((await t.post(getUser.path, {}, { token: mine })).body.msgId).toBe('EAUT0005')
    expect((await t.post(logout.path, {}, { token: mine })).body.msgId).toBe('EAUT0005')
    expect((await t.post(getUser.path, {}, { token: other })).body.status).toBe(200)
  })

  it('logout needs a token (EAUT0003), and is seen by every instance', async () => {
    expect((await t.post(logout.path, {})).body.msgId).toBe('EAUT0003')
    const token = await login()
    const b = await t.buildApp({ prepareDb: false })
    await b.inject({ method: 'POST', url: logout.path, headers: { authorization: token }, payload: {} })
    expect((await t.post(getUser.path, {}, { token })).body.msgId).toBe('EAUT0005')
  })

  it(`${AUTH_RULES.sessions.maxLivePerUserEvent} live sessions per person and event: the next login revokes the oldest`, async () => {
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    const tokens: string[] = []
    for (let i = 0; i < max; i++) {
      tokens.push(await login())
      t.clock.advance(1000)
    }
    expect(await live()).toBe(max)
    for (const token of tokens) expect((await t.post(getUser.path, {}, { token })).body.status).toBe(200)
    tokens.push(await login())
    expect(await live()).toBe(max)
    expect((await t.post(getUser.path, {}, { token: tokens[0] })).body.msgId).toBe('EAUT0005')
    for (const token of tokens.slice(1)) expect((await t.post(getUser.path, {}, { token })).body.status).toBe(200)
    // another event's sessions are counted apart
    await login(PAST_EVENT.eventCode)
    await login(PAST_EVENT.eventCode)
    expect(await live(PAST_EVENT.eventCode)).toBe(2)
    expect(await live()).toBe(max)
  })

  it('expired sessions do not count towards the cap', async () => {
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    for (let i = 0; i < max; i++) await login()
    t.clock.advance(72 * HOUR)
    const fresh = await login()
    expect((await t.post(getUser.path, {}, { token: fresh })).body.status).toBe(200)
    // none of the expired ones was revoked: they stay "expired" (EAUT0004), not "invalid"
    expect((await t.db.db.select().from(sessions).where(isNull(sessions.revokedAt))).length).toBe(max + 1)
  })

  it('parallel logins of one person never leave more than the cap alive', async () => {
    const event = (await findEventByCode(t.db.db, 'DEMO'))!
    const max = AUTH_RULES.sessions.maxLivePerUserEvent
    await Promise.all(
      Array.from({ length: max + 6 }, () =>
        t.db.db.transaction((tx) => createSession(tx, t.app.deps, { userId: 1, eventId: event.id, now: t.clock.now(), ttlHours: 72 })),
      ),
    )
    expect(await live()).toBe(max)
  })
})
