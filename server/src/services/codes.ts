/**
 * Sending login codes. The limits (60 s between sends, 10 a day) are checked and recorded under a
 * row lock on the destination's login_codes row, so parallel requests cannot slip past them.
 */
import type { SendCodeRequest, SendCodeResponse } from '@contracts/calls/auth'
import type { Lang } from '@contracts/messages'
import { RESEND_SECONDS } from '@contracts/validation'
import type { Deps } from '../deps'
import { CODE_TTL_MS, decideSend, destinationKey, hashCode, newCode, type CodeChannel } from '../domain/codes'
import { maskEmail, maskMobile } from '../domain/mask'
import { AppError } from '../errors'
import { lockCodeRow, updateCodeRow } from '../repositories/login-codes'
import { requireEventByCode, type EventRow } from './events'

type CodeDeps = Pick<Deps, 'db' | 'now' | 'config' | 'sender' | 'log'>

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

  const outcome = await deps.db.transaction(async (tx) => {
    // make sure the row exists, then lock it: the first send for a destination races like any other
    const row = (await lockCodeRow(tx, destination, { create: true }))!
    const decision = decideSend(row, hashCode(deps.config.codeHashSecret, destination, code), now)
    if (!decision.ok) return decision
    await updateCodeRow(tx, destination, { ...decision.next, eventCode: event.eventCode, usedAt: null })
    return { ...decision, previous: row }
  })
  if (!outcome.ok) throw new AppError(outcome.msgId)

  try {
    await deps.sender.send({ channel, to, code, ...codeMessage(event, code, channel, lang) })
  } catch (err) {
    deps.log.error({ err, channel }, 'code could not be sent')
    // give the attempt back: the person never got a code, so it must not start a countdown
    await updateCodeRow(deps.db, destination, {
      codeHash: null,
      lastSentAt: outcome.previous.lastSentAt,
      sendsToday: Math.max(0, outcome.next.sendsToday - 1),
    })
    throw new AppError('ECODE1003')
  }

  return { resendAfter: RESEND_SECONDS, sentTo: channel === 'sms' ? maskMobile(to) : maskEmail(to) }
}

function codeMessage(event: EventRow, code: string, channel: CodeChannel, lang: Lang): { subject: string; text: string } {
  const minutes = CODE_TTL_MS / 60_000
  if (lang === 'en') {
    return {
      subject: channel === 'email' ? `${event.titleEn}: your login code` : '',
      text: `[${event.titleEn}] Your login code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
    }
  }
  return {
    subject: channel === 'email' ? `${event.titleZh} 登录验证码` : '',
    text: `【${event.titleZh}】您的登录验证码是 ${code}，${minutes}分钟内有效。如非本人操作，请忽略本消息。`,
  }
}
