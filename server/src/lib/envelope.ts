/** Building the response envelope of contracts/envelope.ts. */
import type { FastifyRequest } from 'fastify'
import { STATUS_ERROR, STATUS_OK, type Envelope } from '../../../contracts/envelope'
import { MESSAGES, messageText, type Lang, type MsgId, type MsgParams } from '../../../contracts/messages'

/** header `lang`: 'en' (or en-US, en_GB …) → English; anything else, or none → Chinese (spec §1 default) */
export function langOf(req: Pick<FastifyRequest, 'headers'>): Lang {
  const h = req.headers.lang
  const v = (Array.isArray(h) ? h[0] : h) ?? ''
  return /^en\b|^en[-_]/i.test(v.trim()) ? 'en' : 'zh'
}

export const ok = <T>(data: T): Envelope<T> => ({ status: STATUS_OK, msgText: '', msgId: '', data })

export const fail = (msgId: MsgId, lang: Lang, params?: MsgParams): Envelope<null> => ({
  status: STATUS_ERROR,
  msgText: messageText(msgId, lang, params),
  msgId,
  data: null,
})

export const isMsgId = (s: unknown): s is MsgId =>
  typeof s === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, s)
