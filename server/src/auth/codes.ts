/**
 * Sending login codes. The limits are counted per normalised address (auth/rules/addresses.ts:
 * lilei+0@example.com and lilei+1@example.com are one mailbox) AND per requester (the client
 * address, addressKey), in rate_counters, with atomic upserts inside one transaction, so parallel
 * requests on any number of instances cannot slip past them; a refusal rolls the transaction back,
 * so refused requests use up nothing.
 *   1. AUTH_RULES.codes.resendMs between two sends from one requester (ECODE1001): a cooldown row;
 *   2. perAddressPerDay from one requester per Shanghai day (ECODE1002);
 *   3. perAddressPerEventPerHour from one requester per event and clock hour (ECODE1004, "try again
 *      in N minutes");
 *   4. perAddressPerDayStrangers from every requester that has not logged in with this address
 *      (knownRequesterMs) together per Shanghai day (ECODE1002): the ceiling against SMS bombing
 *      from many addresses, which a requester the address logged in from never meets.
 * A stranger therefore spends its own quota, not the owner's. The code itself is sent to, and
 * stored for, the address as typed; while the current code is live a send passes the same code on
 * again (rules/codes.ts reusableCode), so nobody's send replaces the code someone is typing, and
 * the requester who asked gets its own tries on it back.
 */
import type { SendCodeRequest, SendCodeResponse } from '@contracts/calls/auth'
import { messageText, type Lang } from '@contracts/messages'
import { RESEND_SECONDS } from '@contracts/validation'
import type { Deps } from '../deps'
import { addressKey, limitKey } from './rules/addresses'
import { AUTH_RULES } from './rules/auth-rules'
import {
  CODE_TTL_MS,
  codeTriesKey,
  codeTriesWindow,
  destinationKey,
  hashCode,
  knownRequesterKey,
  newCode,
  openCode,
  reusableCode,
  sealCode,
  type CodeChannel,
} from './rules/codes'
import { maskEmail, maskMobile } from '../kernel/mask'
import { fixedWindow, shanghaiDayWindow, type Window } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { lockOrCreateCodeRow, putCode, updateCodeRow } from './repositories/login-codes'
import { claimCooldown, countHit, endCooldown, hasMark, resetHits, uncountHit } from '../kernel/limits/rate-counters'
import { requireEventByCode, type EventRow } from '../events/events'

type CodeDeps = Pick<Deps, 'db' | 'now' | 'config' | 'sender' | 'log' | 'metrics'>

const RULES = AUTH_RULES.codes
const HOUR_MS = 3600_000

/** the counters one send uses, for one normalised address, requester and event at `now` */
export function codeCounters(channel: CodeChannel, to: string, requester: string, eventCode: string, now: Date) {
  const who = limitKey(channel, to)
  return {
    cooldown: `code-wait:${who}|${requester}`,
    day: { key: `code-day:${who}|${requester}`, window: shanghaiDayWindow(now) },
    hour: { key: `code-hour:${eventCode}|${who}|${requester}`, window: fixedWindow(now, HOUR_MS) },
    strangers: { key: `code-day:${who}`, window: shanghaiDayWindow(now) },
    known: knownRequesterKey(who, requester),
  }
}

const minutesUntil = (w: Window, now: Date) => Math.max(1, Math.ceil((w.end.getTime() - now.getTime()) / 60_000))

/** the login-code call: the event must be open and allow the channel's login mode; `ip`: the requester (req.ip) */
export async function sendLoginCode(deps: CodeDeps, req: SendCodeRequest, client: { ip: string; lang: Lang }): Promise<SendCodeResponse> {
  const event = await requireEventByCode(deps.db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  if (!event.loginModes.includes(req.channel === 'sms' ? 'mobile' : 'email')) throw new AppError('ELOG1007')
  const to = (req.channel === 'sms' ? req.mobile : req.email)!
  return sendCode(deps, { event, channel: req.channel, to, requester: addressKey(client.ip), lang: client.lang })
}

async function sendCode(deps: CodeDeps, args: { event: EventRow; channel: CodeChannel; to: string; requester: string; lang: Lang }): Promise<SendCodeResponse> {
  const { event, channel, lang } = args
  const to = channel === 'email' ? args.to.trim().toLowerCase() : args.to.trim()
  const destination = destinationKey(channel, to)
  const secret = deps.config.codeHashSecret
  const now = deps.now()
  const c = codeCounters(channel, to, args.requester, event.eventCode, now)

  // an AppError thrown inside rolls back the counters already taken in this transaction
  const refused = (limit: string, err: AppError): AppError => {
    deps.metrics.limiterRefusal(limit)
    return err
  }
  const sent = await deps.db.transaction(async (tx) => {
    if (!(await claimCooldown(tx, c.cooldown, now, new Date(now.getTime() + RULES.resendMs)))) throw refused('code_resend_wait', new AppError('ECODE1001'))
    if ((await countHit(tx, c.day.key, c.day.window)) > RULES.perAddressPerDay) throw refused('code_per_address_day', new AppError('ECODE1002'))
    if ((await countHit(tx, c.hour.key, c.hour.window)) > RULES.perAddressPerEventPerHour) {
      throw refused('code_per_address_event_hour', new AppError('ECODE1004', 200, { minutes: minutesUntil(c.hour.window, now) }))
    }
    const stranger = !(await hasMark(tx, c.known, now))
    if (stranger && (await countHit(tx, c.strangers.key, c.strangers.window)) > RULES.perAddressPerDayStrangers) throw new AppError('ECODE1002')

    const row = await lockOrCreateCodeRow(tx, destination)
    const again = reusableCode(row, now) ? openCode(secret, destination, row.codeSealed!) : null
    if (again) {
      await resetHits(tx, codeTriesKey(destination, args.requester), codeTriesWindow(row.expiresAt!))
      return { code: again, expiresAt: row.expiresAt!, fresh: false, stranger }
    }
    const code = newCode()
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
    await putCode(tx, destination, {
      codeHash: hashCode(secret, destination, code),
      codeSealed: sealCode(secret, destination, code),
      expiresAt,
      eventCode: event.eventCode,
    })
    return { code, expiresAt, fresh: true, stranger }
  })

  try {
    const minutes = Math.max(1, Math.ceil((sent.expiresAt.getTime() - now.getTime()) / 60_000))
    // the log keeps that a code went out, never the code (kernel/messaging: the text is never logged)
    const tag = { eventId: event.id, kind: 'login.code', lang }
    await deps.sender.send({ channel, to, code: sent.code, tag, ...codeMessage(event, sent.code, channel, lang, minutes) })
  } catch (err) {
    deps.log.error({ err, channel }, 'code could not be sent')
    deps.metrics.providerFailure(channel, 'send')
    // give the attempt back: the person never got a code, so it must not start a countdown or
    // count; a code sent again stays as it was (someone else may be typing it)
    await deps.db.transaction(async (tx) => {
      await endCooldown(tx, c.cooldown, deps.now())
      await uncountHit(tx, c.day.key, c.day.window)
      await uncountHit(tx, c.hour.key, c.hour.window)
      if (sent.stranger) await uncountHit(tx, c.strangers.key, c.strangers.window)
      if (sent.fresh) await updateCodeRow(tx, destination, { codeHash: null, codeSealed: null })
    })
    throw new AppError('ECODE1003')
  }

  return { resendAfter: RESEND_SECONDS, sentTo: channel === 'sms' ? maskMobile(to) : maskEmail(to) }
}

function codeMessage(event: EventRow, code: string, channel: CodeChannel, lang: Lang, minutes: number): { subject: string; text: string } {
  const title = lang === 'en' ? event.titleEn : event.titleZh
  return {
    subject: channel === 'email' ? messageText('ENOTE1002', lang, { event: title }) : '',
    text: messageText('ENOTE1001', lang, { event: title, code, minutes }),
  }
}
