/**
 * Sending login codes. The limits (60 s between sends, 10 a day) are checked and recorded under a
 * row lock on the destination's login_codes row, so parallel requests cannot slip past them.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { SendCodeResponse } from '../../../contracts/api'
import type { Lang } from '../../../contracts/messages'
import { RESEND_SECONDS } from '../../../contracts/validation'
import { loginCodes } from '../db/schema'
import { CODE_TTL_MS, decideSend, destinationKey, hashCode, newCode, type CodeChannel } from '../domain/codes'
import { maskEmail, maskMobile } from '../domain/mask'
import { AppError } from '../errors'
import type { EventRow } from './events'

export async function sendLoginCode(
  app: FastifyInstance,
  args: { event: EventRow; channel: CodeChannel; to: string; lang: Lang },
): Promise<SendCodeResponse> {
  const { event, channel, lang } = args
  const to = channel === 'email' ? args.to.trim().toLowerCase() : args.to.trim()
  const destination = destinationKey(channel, to)
  const code = newCode()
  const now = app.now()

  const outcome = await app.db.transaction(async (tx) => {
    // make sure the row exists, then lock it: the first send for a destination races like any other
    await tx.insert(loginCodes).values({ destination }).onConflictDoNothing()
    const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.destination, destination)).for('update')
    const decision = decideSend(row, hashCode(app.config.codeHashSecret, destination, code), now)
    if (!decision.ok) return decision
    await tx
      .update(loginCodes)
      .set({ ...decision.next, eventCode: event.eventCode, usedAt: null })
      .where(eq(loginCodes.destination, destination))
    return { ...decision, previous: row }
  })
  if (!outcome.ok) throw new AppError(outcome.msgId)

  try {
    await app.sender.send({ channel, to, code, ...codeMessage(event, code, channel, lang) })
  } catch (err) {
    app.log.error({ err, channel }, 'code could not be sent')
    // give the attempt back: the person never got a code, so it must not start a countdown
    await app.db
      .update(loginCodes)
      .set({
        codeHash: null,
        lastSentAt: outcome.previous.lastSentAt,
        sendsToday: Math.max(0, outcome.next.sendsToday - 1),
      })
      .where(eq(loginCodes.destination, destination))
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
