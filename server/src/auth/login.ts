/**
 * /api/guest/login: prove who you are (code or password), then be admitted to the event.
 *
 * Code: ONE transaction that first locks the destination's login_codes row, so a code is
 * single-use under concurrency (two parallel logins with the same code: the second waits, then
 * sees it used) and its wrong answers are counted exactly, for the code and for the requester
 * (rules/codes.ts checkCode: a stranger's guesses end the stranger's tries, not the owner's code).
 *
 * Password: the scrypt hash (~60 ms of a core) runs OUTSIDE any transaction, bounded by
 * deps.hashSlots, on low-priority worker threads (deps.hashWorkers), so logins never hold a
 * database connection while hashing (on PGlite, the only one: every other call would wait) nor
 * take the CPU from the other calls. Then one short transaction locks the throttle rows, checks
 * the lock and the delay again (parallel failures may have landed while we hashed), records the
 * failure or the success and creates the session.
 *
 * Failures that must be remembered are written in the transaction and reported after it commits:
 * throwing inside would roll the counter back.
 */
import type { LoginRequest, LoginResponse } from '@contracts/calls/auth'
import type { Lang, MsgId, MsgParams } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { addressKey, limitKey } from './rules/addresses'
import { admit, missingExtraField } from './rules/admission'
import { MAX_CODE_ATTEMPTS_PER_CODE, checkCode, codeTriesKey, codeTriesWindow, destinationKey, hashCode, knownRequesterKey } from './rules/codes'
import { AUTH_RULES } from './rules/auth-rules'
import { countHit, readHits, setMark } from '../kernel/limits/rate-counters'
import { AppError } from '../kernel/errors'
import { lockCodeRow, updateCodeRow } from './repositories/login-codes'
import { checkPassword, earlyRefusal, lockAttempt } from './password-attempts'
import { findAttendee, findUserByContact, findUserByUserName, setUserLang, type AttendeeRow, type UserRow } from './repositories/users'
import { requireEventByCode, type EventRow } from '../events/events'
import { createSession, toUserInfo } from './sessions'

type LoginDeps = Pick<Deps, 'db' | 'now' | 'config' | 'hashSlots' | 'hashWorkers' | 'searchCaches' | 'metrics'>
type Outcome = { msgId: MsgId; params?: MsgParams } | { response: LoginResponse }

/**
 * `client.ip`: the caller's address (req.ip), for the per-address password throttle; `client.lang`:
 * the language of the request, remembered for the person's SMS and e-mail (users.lang)
 */
export async function login(deps: LoginDeps, req: LoginRequest, client: { ip: string; lang: Lang }): Promise<LoginResponse> {
  const event = await requireEventByCode(deps.db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  if (!event.loginModes.includes(req.loginType)) throw new AppError('ELOG1007')
  // a blank extra field is a typing mistake: say so before a code or password is spent on it
  const missing = missingExtraField(event.loginExtraFields, req)
  if (missing) throw new AppError(missing)

  const outcome: Outcome =
    req.loginType === 'account'
      ? await withPassword(deps, event, req, addressKey(client.ip), client.lang)
      : await deps.db.transaction((tx) => withCode(deps, tx, event, req, addressKey(client.ip), deps.now(), client.lang))
  if ('msgId' in outcome) throw new AppError(outcome.msgId, 200, outcome.params)
  return outcome.response
}

async function withCode(deps: LoginDeps, tx: Tx, event: EventRow, req: LoginRequest, requester: string, now: Date, lang: Lang): Promise<Outcome> {
  const channel = req.loginType === 'mobile' ? 'sms' : 'email'
  const to = channel === 'sms' ? req.mobile!.trim() : req.email!.trim().toLowerCase()
  const destination = destinationKey(channel, to)
  const row = await lockCodeRow(tx, destination)
  // this requester's wrong answers to this code (counted under the row's lock: exact)
  const tries = row?.expiresAt ? { key: codeTriesKey(destination, requester), window: codeTriesWindow(row.expiresAt) } : null
  const wrongSoFar = tries ? await readHits(tx, tries.key, tries.window) : 0
  const check = checkCode(row ?? null, hashCode(deps.config.codeHashSecret, destination, req.code!.trim()), now, wrongSoFar)
  if (!check.ok) {
    if (check.attempts !== undefined) {
      await updateCodeRow(tx, destination, { attempts: check.attempts })
      await countHit(tx, tries!.key, tries!.window)
    }
    return { msgId: check.msgId }
  }

  const person = await findUserByContact(tx, channel === 'sms' ? { mobile: to } : { email: to })
  const { refused, attendee } = await admission(tx, event, person, req)
  if (refused) {
    // a wrong ID number / visiting code / room number spends one of the code's tries, so the
    // code cannot be used to guess them; other refusals leave the code for a later try
    if (refused.wrongProof) {
      await updateCodeRow(tx, destination, { attempts: Math.min(MAX_CODE_ATTEMPTS_PER_CODE, row!.attempts + 1) })
      await countHit(tx, tries!.key, tries!.window)
    }
    return { msgId: refused.msgId }
  }

  await updateCodeRow(tx, destination, { codeHash: null, codeSealed: null, usedAt: now, attempts: 0 })
  // from now on this requester is known to the address: strangers' sends no longer refuse it
  await setMark(tx, knownRequesterKey(limitKey(channel, to), requester), new Date(now.getTime() + AUTH_RULES.codes.knownRequesterMs))
  return { response: await startSession(deps, tx, event, person!, attendee, now, lang) }
}

async function withPassword(deps: LoginDeps, event: EventRow, req: LoginRequest, address: string, lang: Lang): Promise<Outcome> {
  const key = req.userName!.trim().toLowerCase()
  // 1. a locked pair or a waiting account is refused before any hash (password-attempts.ts)
  const early = await earlyRefusal(deps, key, address)
  if (early.refusal) {
    deps.metrics.limiterRefusal('password_attempts')
    return early.refusal
  }

  // 2. the hash, outside any transaction. An unknown user name is checked against a dummy hash:
  // same answer, same work, same wait for a slot.
  const person = await findUserByUserName(deps.db, key)
  const good = await checkPassword(deps, req.password!, person?.passwordHash)

  // 3. one short transaction: lock, look again, record, and (right password) the session
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    const attempt = await lockAttempt(tx, key, address, now, early.known)
    if (attempt.refusal) {
      deps.metrics.limiterRefusal('password_attempts')
      return attempt.refusal
    }
    if (!good) return attempt.fail()

    const { refused, attendee } = await admission(tx, event, person, req)
    if (refused) return refused.wrongProof ? attempt.fail({ msgId: refused.msgId }) : { msgId: refused.msgId }

    await attempt.succeed()
    return { response: await startSession(deps, tx, event, person!, attendee, now, lang) }
  })
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
  lang: Lang,
): Promise<LoginResponse> {
  await setUserLang(tx, person.id, lang)
  const s = await createSession(tx, deps, { userId: person.id, eventId: event.id, now, ttlHours: deps.config.tokenTtlHours })
  return { token: s.token, tokenMd5: s.tokenMd5, expiresAt: s.expiresAt.toISOString(), user: toUserInfo(person, event, attendee) }
}
