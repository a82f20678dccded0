/**
 * The msgIds a request client treats specially (spec §8), apart from the catalogue's texts: the
 * attendee app imports only these ids, so none of the catalogue's texts (the server's and the
 * console's) are in its bundles. The types come from the catalogue and vanish at build time.
 */
import type { MsgId } from './messages'

export const SILENT_MSG_IDS: readonly MsgId[] = ['EREG1036']
export const TOAST_AND_RETURN_MSG_IDS: readonly MsgId[] = ['EREG1040', 'EREG1030', 'EREG1042']
export const RAILWAY_TIMEOUT_MSG_IDS: readonly MsgId[] = ['ETRAIN1002']
export const SESSION_EXPIRED_MSG_IDS: readonly MsgId[] = ['EAUT0003', 'EAUT0004', 'EAUT0005']
