/** The console's message calls: the event's message log. */
import { listMessageLog, type MessageLogRequest } from '@contracts/admin/message-log'
import { call } from '../lib/request'

export const fetchMessageLog = (req: MessageLogRequest) => call(listMessageLog, req)
