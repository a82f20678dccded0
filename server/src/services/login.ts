/**
 * /api/guest/login: prove who you are (code or password), then be admitted to the event.
 *
 * Each mode runs in ONE transaction that first locks the row guarding the secret (login_codes for
 * a code, password_throttle for a user name). That makes a code single-use under concurrency (two
 * parallel logins with the same code: the second waits, then sees it used) and keeps the
 * wrong-attempt counters exact. Failures that must be remembered (a wrong code) are written in the
 * transaction and reported after it commits: throwing inside would roll the counter back.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { LoginRequest, LoginResponse } from '../../../contracts/api'
import type { MsgId } from '../../../contracts/messages'
import type { Tx } from '../db/client'
import { attendees, loginCodes, passwordThrottle, users } from '../db/schema'
import { admit, missingExtraField } from '../domain/admission'
import { MAX_CODE_ATTEMPTS, checkCode, destinationKey, hashCode } from '../domain/codes'
import { afterFailure, afterSuccess, isLocked } from '../domain/password-throttle'
import { verifyPassword } from '../domain/passwords'
import { AppError } from '../errors'
import { requireEventByCode, type EventRow } from './events'
import { createSession, toUserInfo, type AttendeeRow, type UserRow } from './sessions'

type Outcome = { msgId: MsgId } | { response: LoginResponse }

export async function login(app: FastifyInstance, req: LoginRequest): Promise<LoginResponse> {
  const event = await requireEventByCode(app.db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  if (!event.loginModes.includes(req.loginType)) throw new AppError('ELOG1007')
  // a blank extra field is a typing mistake: say so before a code or password is spent on it
  const missing = missingExtraField(event.loginExtraFields, req)
  if (missing) throw new AppError(missing)

  const now = app.now()
  const outcome: Outcome = await app.db.transaction((tx) =>
    req.loginType === 'account' ? withPassword(app, tx, event, req, now) : withCode(app, tx, event, req, now),
  )
  if ('msgId' in outcome) throw new AppError(outcome.msgId)
  return outcome.response
}

async function withCode(app: FastifyInstance, tx: Tx, event: EventRow, req: LoginRequest, now: Date): Promise<Outcome> {
  const channel = req.loginType === 'mobile' ? 'sms' : 'email'
  const to = channel === 'sms' ? req.mobile!.trim() : req.email!.trim().toLowerCase()
  const destination = destinationKey(channel, to)
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.destination, destination)).for('update')
  const check = checkCode(row ?? null, hashCode(app.config.codeHashSecret, destination, req.code!.trim()), now)
  if (!check.ok) {
    if (check.attempts !== undefined) {
      await tx.update(loginCodes).set({ attempts: check.attempts }).where(eq(loginCodes.destination, destination))
    }
    return { msgId: check.msgId }
  }

  const [person] = await tx
    .select()
    .from(users)
    .where(channel === 'sms' ? eq(users.mobile, to) : eq(users.email, to))
  const { refused, attendee } = await admission(tx, event, person, req)
  if (refused) {
    // a wrong ID number / visiting code / room number spends one of the code's tries, so the
    // code cannot be used to guess them; other refusals leave the code for a later try
    if (refused.wrongProof) {
      await tx
        .update(loginCodes)
        .set({ attempts: Math.min(MAX_CODE_ATTEMPTS, row.attempts + 1) })
        .where(eq(loginCodes.destination, destination))
    }
    return { msgId: refused.msgId }
  }

  await tx.update(loginCodes).set({ codeHash: null, usedAt: now, attempts: 0 }).where(eq(loginCodes.destination, destination))
  return { response: await startSession(app, tx, event, person!, attendee, now) }
}

async function withPassword(app: FastifyInstance, tx: Tx, event: EventRow, req: LoginRequest, now: Date): Promise<Outcome> {
  const key = req.userName!.trim().toLowerCase()
  await tx.insert(passwordThrottle).values({ userNameKey: key }).onConflictDoNothing()
  const [throttle] = await tx.select().from(passwordThrottle).where(eq(passwordThrottle.userNameKey, key)).for('update')
  if (isLocked(throttle, now)) return { msgId: 'ELOG1006' }

  const [person] = await tx.select().from(users).where(sql`lower(${users.userName}) = ${key}`)
  // an unknown user name is checked against a dummy hash: same answer, same time
  const good = await verifyPassword(req.password!, person?.passwordHash)
  if (!good) {
    const { next, msgId } = afterFailure(throttle, now)
    await tx.update(passwordThrottle).set(next).where(eq(passwordThrottle.userNameKey, key))
    return { msgId }
  }

  const { refused, attendee } = await admission(tx, event, person, req)
  if (refused) {
    if (refused.wrongProof) {
      const { next, msgId } = afterFailure(throttle, now)
      await tx.update(passwordThrottle).set(next).where(eq(passwordThrottle.userNameKey, key))
      if (msgId === 'ELOG1006') return { msgId }
    }
    return { msgId: refused.msgId }
  }
  await tx.update(passwordThrottle).set(afterSuccess()).where(eq(passwordThrottle.userNameKey, key))
  return { response: await startSession(app, tx, event, person!, attendee, now) }
}

/** refused: null when admitted */
async function admission(tx: Tx, event: EventRow, person: UserRow | undefined, req: LoginRequest) {
  const [attendee] = person
    ? await tx
        .select()
        .from(attendees)
        .where(and(eq(attendees.eventId, event.id), eq(attendees.userId, person.id)))
    : []
  const refused = admit({ extraFields: event.loginExtraFields, person: person ?? null, attendee: attendee ?? null, given: req })
  return { refused, attendee: attendee ?? null }
}

async function startSession(
  app: FastifyInstance,
  tx: Tx,
  event: EventRow,
  person: UserRow,
  attendee: AttendeeRow | null,
  now: Date,
): Promise<LoginResponse> {
  const s = await createSession(tx, person.id, event.id, now, app.config.tokenTtlHours)
  return { token: s.token, tokenMd5: s.tokenMd5, expiresAt: s.expiresAt.toISOString(), user: toUserInfo(person, event, attendee) }
}
