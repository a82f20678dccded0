/** The message log's filters as its address keeps them (?channel=&state=&to=&page=&size=). */
import { MESSAGE_CHANNELS, MESSAGE_STATES, type MessageLogRequest } from '@contracts/admin/message-log'
import { oneOf, pageOf } from '../lib/addressPaging'

export function logFiltersOf(eventCode: string, q: URLSearchParams): MessageLogRequest {
  return {
    eventCode,
    channel: oneOf(['', ...MESSAGE_CHANNELS], q.get('channel'), ''),
    state: oneOf(['', ...MESSAGE_STATES], q.get('state'), ''),
    recipient: q.get('to') ?? '',
    ...pageOf(q),
  }
}
