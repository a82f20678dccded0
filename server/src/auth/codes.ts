/**
 * Sending login codes. The limits are counted per normalised address (auth/rules/addresses.ts:
 * lilei+0@example.com and lilei+1@example.com are one mailbox) in rate_counters, with atomic
 * upserts inside one transaction, so parallel requests on any number of instances cannot slip
 * past them; a refusal rolls the transaction back, so refused requests use up nothing.
 *   1. AUTH_RULES.codes.resendMs between two sends (ECODE1001): a cooldown row;
 *   2. perAddressPerDay per Shanghai day (ECODE1002);
 *   3. perAddressPerEventPerHour per event and clock hour (ECODE1004, "try again in N minutes").
 * The code itself is sent to, and stored for, the address as typed.
 */
import type { SendCodeRequest, SendCodeResponse } from '@contracts/calls/auth'
import { messageText, type Lang } from '@contracts/messages'
import { RESEND_SECONDS } from '@contracts/validation'
import type { Deps } from '../deps'
import { limitKey } from './rules/addresses'
import { AUTH_RULES } from './rules/auth-rules'
import { CODE_TTL_MS, destinationKey, hashCode, newCode, type CodeChannel } from './rules/codes'
import { maskEmail, maskMobile } from '../kernel/mask'
import { fixedWindow, shanghaiDayWindow, type Window } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { putCode, updateCodeRow } from './repositories/login-codes'
import { claimCooldown, countHit, endCooldown, uncountHit } from '../kernel/limits/rate-counters'
import { requireEventByCode, type EventRow } from '../events/events'

type CodeDeps = Pick<Deps, 'db' | 'now' | 'config' | 'sender' | 'log' | 'metrics'>

const RULES = AUTH_RULES.codes
const HOUR_MS = 3600_000

/** the counters one send uses, for one normalised address and event at `now` */
export function codeCounters(channel: CodeChannel, to: string, eventCode: string, now: Date) {
  const who = limitKey(channel, to)
  return {
    cooldown: `code-wait:${who}`,
    day: { key: `code-day:${who}`, window: shanghaiDayWindow(now) },
    hour: { key: `code-hour:${eventCode}|${who}`, window: fixedWindow(now, HOUR_MS) },
  }
}

const minutesUntil = (w: Window, now: Date) => Math.max(1, Math.ceil((w.end.getTime() - now.getTime()) / 60_000))

/** the login-code call: the event must be open and allow the channel's login mode */
export async function sendLoginCode(deps: CodeDeps, req: SendCodeRequest, lang: Lang): Promise<SendCodeResponse> {
  const event = await requireEventByCode(deps.db, req.eventCode)
  if (!event.enabled) throw new AppError('EEVT1002')
  if (!event.loginModes.includes(req.channel === 'sms' ? 'mobile' : 'email')) throw new AppError('ELOG1007')
  return sendCode(deps, { event, channel: req.channel, to: (req.channel === 'sms' ? req.mobile : req.email)!, lang })
}

async function sendCode(deps: CodeDeps, args: { event: EventRow; channel: CodeChannel; to: string; lang: Lang }): Promise<SendCodeResponse> {
  const { event, channel, lang } = args
  const to = channel === 'email' ? args.to.trim().toLowerCase() : args.to.trim()
  const destination = destinationKey(channel, to)
  const code = newCode()
  const now = deps.now()
  const c = codeCounters(channel, to, event.eventCode, now)

  // an AppError thrown inside rolls back the counters already taken in this transaction
  const refused = (limit: string, err: AppError): AppError => {
    deps.metrics.limiterRefusal(limit)
    return err
  }
  await deps.db.transaction(async (tx) => {
    if (!(await claimCooldown(tx, c.cooldown, now, new Date(now.getTime() + RULES.resendMs)))) throw refused('code_resend_wait', new AppError('ECODE1001'))
    if ((await countHit(tx, c.day.key, c.day.window)) > RULES.perAddressPerDay) throw refused('code_per_address_day', new AppError('ECODE1002'))
    if ((await countHit(tx, c.hour.key, c.hour.window)) > RULES.perAddressPerEventPerHour) {
      throw refused('code_per_address_event_hour', new AppError('ECODE1004', 200, { minutes: minutesUntil(c.hour.window, now) }))
    }
    await putCode(tx, destination, {
      codeHash: hashCode(deps.config.codeHashSecret, destination, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      eventCode: event.eventCode,
    })
  })

  try {
    await deps.sender.send({ channel, to, code, ...codeMessage(event, code, channel, lang) })
  } catch (err) {
    deps.log.error({ err, channel }, 'code could not be sent')
    deps.metrics.providerFailure(channel, 'send')
    // give the attempt back: the person never got a code, so it must not start a countdown or count
    await deps.db.transaction(async (tx) => {
      await endCooldown(tx, c.cooldown, deps.now())
      await uncountHit(tx, c.day.key, c.day.window)
      await uncountHit(tx, c.hour.key, c.hour.window)
      await updateCodeRow(tx, destination, { codeHash: null })
    })
    throw new AppError('ECODE1003')
  }

  return { resendAfter: RESEND_SECONDS, sentTo: channel === 'sms' ? maskMobile(to) : maskEmail(to) }
}

function codeMessage(event: EventRow, code: string, channel: CodeChannel, lang: Lang): { subject: string; text: string } {
  const title = lang === 'en' ? event.titleEn : event.titleZh
  return {
    subject: channel === 'email' ? messageText('ENOTE1002', lang, { event: title }) : '',
    text: messageText('ENOTE1001', lang, { event: title, code, minutes: CODE_TTL_MS / 60_000 }),
  }
}
