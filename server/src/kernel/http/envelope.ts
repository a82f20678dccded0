/** Building the response envelope of contracts/envelope.ts. */
import type { FastifyRequest } from 'fastify'
import { failEnvelope, okEnvelope, type Envelope } from '@contracts/envelope'
import { messageText, type Lang, type MsgId, type MsgParams } from '@contracts/messages'

export { isMsgId } from '@contracts/messages'

/** header `lang`: 'en' (or en-US, en_GB …) → English; anything else, or none → Chinese (spec §1 default) */
export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const h = req.headers.lang
  const v = (Array.isArray(h) ? h[0] : h) ?? ''
  return /^en\b|^en[-_]/i.test(v.trim()) ? 'en' : 'zh'
}

export const ok = okEnvelope

export const fail = (msgId: MsgId, lang: Lang, params?: MsgParams): Envelope<null> => failEnvelope(msgId, messageText(msgId, lang, params))
