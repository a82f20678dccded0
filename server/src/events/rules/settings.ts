/** The shapes of an event's settings, shared with the console's form (contracts/admin/event-rules.ts). */
export {
  EVENT_CODE,
  EVENT_HASH_CODE,
  PERMISSION_TYPES,
  SHARE_PIC,
  SOME_USER_TYPES,
  TEXT_MAX,
  USER_TYPES_MAX,
  USER_TYPE_MAX,
} from '@contracts/admin/event-rules'
