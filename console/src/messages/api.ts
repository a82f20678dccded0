/** The console's message calls: the event's message log, and notices to attendees. */
import { listMessageLog, type MessageLogRequest } from '@contracts/admin/message-log'
import { previewNotice, sendNotice, type NoticeDraft, type SendNoticeRequest } from '@contracts/admin/notices'
import { call } from '../lib/request'

export const fetchMessageLog = (req: MessageLogRequest) => call(listMessageLog, req)
export const fetchNoticePreview = (d: NoticeDraft) => call(previewNotice, d)
export const postNotice = (req: SendNoticeRequest) => call(sendNotice, req)

/** a new notice's key: the same notice sent twice (a double press, a lost answer) is sent once */
export function newNoticeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
