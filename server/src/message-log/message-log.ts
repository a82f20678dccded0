/**
 * The console's message log of an event ('messages.read'): what was sent to whom, by which
 * channel, and whether it arrived. Recipients are shown masked; a message's text is not kept.
 */
import type { MessageLogItem, MessageLogPage, MessageLogRequest } from '@contracts/admin/message-log'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { maskEmail, maskMobile } from '../kernel/mask'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { messagePageRows } from './repositories/message-log'

/** an openid shown as its first and last four characters */
const maskOpenid = (id: string) => (id.length > 8 ? `${id.slice(0, 4)}****${id.slice(-4)}` : '****')

export function maskRecipient(channel: string, recipient: string): string {
  return channel === 'sms' ? maskMobile(recipient) : channel === 'email' ? maskEmail(recipient) : maskOpenid(recipient)
}

export async function messageLogPage(deps: Pick<Deps, 'db'>, session: StaffSession, req: MessageLogRequest): Promise<MessageLogPage> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['messages.read'])
  const filter = { eventId: event.id, channel: req.channel, state: req.state, recipient: req.recipient.trim() }
  const { total, rows } = await messagePageRows(deps.db, filter, (req.page - 1) * req.pageSize, req.pageSize)
  return {
    total,
    list: rows.map(({ m, attendeeName }): MessageLogItem => ({
      id: m.id,
      channel: m.channel as MessageLogItem['channel'],
      recipient: maskRecipient(m.channel, m.recipient),
      attendeeName: attendeeName ?? '',
      kind: m.kind,
      lang: m.lang === 'zh' || m.lang === 'en' ? m.lang : null,
      state: m.state as MessageLogItem['state'],
      reason: m.reason ?? '',
      attempts: m.attempts,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      noticeId: m.noticeId,
    })),
  }
}
