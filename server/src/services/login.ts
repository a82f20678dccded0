/**
 * /api/guest/login: prove who you are (code or password), then be admitted to the event.
 *
 * Each mode runs in ONE transaction that first locks the row guarding the secret (login_codes for
 * a code, password_throttle for a user name). That makes a code single-use under concurrency (two
 * parallel logins with the same code: the second waits, then sees it used) and keeps the
 * wrong-attempt counters exact. Failures that must be remembered (a wrong code) are written in the
 * transaction and reported after it commits: throwing inside would roll the counter back.
 */
import type { LoginRequest, LoginResponse } from '@contracts/calls/auth'
import type { MsgId } from '@contracts/messages'
import type { Tx } from '../db/client'
import type { Deps } from '../deps'
import { admit, missingExtraField } from '../domain/admission'
import { MAX_CODE_ATTEMPTS, checkCode, destinationKey, hashCode } from '../domain/codes'
import { afterFailure, afterSuccess, isLocked } from '../domain/password-throttle'
import { verifyPassword } from '../domain/passwords'
import { AppError } from '../errors'
import { lockCodeRow, updateCodeRow } from '../repositories/login-codes'
import { lockThrottleRow, updateThrottleRow } from '../repositories/password-throttle'
import { findAttendee, findUserByContact, findUserByUserName, type AttendeeRow, type UserRow } from '../repositories/users'
import { requireEventByCode, type EventRow } from './events'
import { createSession, toUserInfo } from './sessions'

type LoginDeps = Pick<Deps, 'db' | 'now' | 'config'>
type Outcome = { msgId: MsgId } | { response: LoginResponse }

export async function login(deps: LoginDeps, req: LoginRequest): Promise<LoginResponse> {
  const event = await requireEventByCode(deps.db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  if (!event.loginModes.includes(req.loginType)) throw new AppError('ELOG1007')
  // a blank extra field is a typing mistake: say so before a code or password is spent on it
  const missing = missingExtraField(event.loginExtraFields, req)
  if (missing) throw new AppError(missing)

  const now = deps.now()
  const outcome: Outcome = await deps.db.transaction((tx) =>
    req.loginType === 'account' ? withPassword(deps, tx, event, req, now) : withCode(deps, tx, event, req, now),
  )
  if ('msgId' in outcome) throw new AppError(outcome.msgId)
  return outcome.response
}

async function withCode(deps: LoginDeps, tx: Tx, event: EventRow, req: LoginRequest, now: Date): Promise<Outcome> {
  const channel = req.loginType === 'mobile' ? 'sms' : 'email'
  const to = channel === 'sms' ? req.mobile!.trim() : req.email!.trim().toLowerCase()
  const destination = destinationKey(channel, to)
  const row = await lockCodeRow(tx, destination, { create: false })
  const check = checkCode(row ?? null, hashCode(deps.config.codeHashSecret, destination, req.code!.trim()), now)
  if (!check.ok) {
    if (check.attempts !== undefined) await updateCodeRow(tx, destination, { attempts: check.attempts })
    return { msgId: check.msgId }
  }

  const person = await findUserByContact(tx, channel === 'sms' ? { mobile: to } : { email: to })
  const { refused, attendee } = await admission(tx, event, person, req)
  if (refused) {
    // a wrong ID number / visiting code / room number spends one of the code's tries, so the
    // code cannot be used to guess them; other refusals leave the code for a later try
    if (refused.wrongProof) await updateCodeRow(tx, destination, { attempts: Math.min(MAX_CODE_ATTEMPTS, row!.attempts + 1) })
    return { msgId: refused.msgId }
  }

  await updateCodeRow(tx, destination, { codeHash: null, usedAt: now, attempts: 0 })
  return { response: await startSession(deps, tx, event, person!, attendee, now) }
}

async function withPassword(deps: LoginDeps, tx: Tx, event: EventRow, req: LoginRequest, now: Date): Promise<Outcome> {
  const key = req.userName!.trim().toLowerCase()
  const throttle = await lockThrottleRow(tx, key)
  if (isLocked(throttle, now)) return { msgId: 'ELOG1006' }

  const person = await findUserByUserName(tx, key)
  // an unknown user name is checked against a dummy hash: same answer, same time
  const good = await verifyPassword(req.password!, person?.passwordHash)
  if (!good) {
    const { next, msgId } = afterFailure(throttle, now)
    await updateThrottleRow(tx, key, next)
    return { msgId }
  }

  const { refused, attendee } = await admission(tx, event, person, req)
  if (refused) {
    if (refused.wrongProof) {
      const { next, msgId } = afterFailure(throttle, now)
      await updateThrottleRow(tx, key, next)
      if (msgId === 'ELOG1006') return { msgId }
    }
    return { msgId: refused.msgId }
  }
  await updateThrottleRow(tx, key, afterSuccess())
  return { response: await startSession(deps, tx, event, person!, attendee, now) }
}

/** refused: null when admitted */
async function admission(tx: Tx, event: EventRow, person: UserRow | undefined, req: LoginRequest) {
  const attendee = person ? await findAttendee(tx, event.id, person.id) : undefined
  const refused = admit({ extraFields: event.loginExtraFields, person: person ?? null, attendee: attendee ?? null, given: req })
  return { refused, attendee: attendee ?? null }
}

async function startSession(
  deps: LoginDeps,
  tx: Tx,
  event: EventRow,
  person: UserRow,
  attendee: AttendeeRow | null,
  now: Date,
): Promise<LoginResponse> {
  const s = await createSession(tx, { userId: person.id, eventId: event.id, now, ttlHours: deps.config.tokenTtlHours })
  return { token: s.token, tokenMd5: s.tokenMd5, expiresAt: s.expiresAt.toISOString(), user: toUserInfo(person, event, attendee) }
}
