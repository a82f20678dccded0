/** The shapes of an event's settings an organiser types: checked alike by the console's form and by the server. */

/** ec: 2–32 capital letters, digits, hyphen, underscore (DEMO, EXPO-2027) */
export const EVENT_CODE = /^[A-Z0-9_-]{2,32}$/
/** ehc: 2–64 lower-case letters, digits, hyphen, underscore (demo, expo-2027) */
export const EVENT_HASH_CODE = /^[a-z0-9_-]{2,64}$/
/** the share picture: an https address, or a file this site serves under /files/; '' none */
export const SHARE_PIC = /^(https:\/\/[^\s]+|\/files\/[^\s]+)?$/
/** the longest name, venue or share text */
export const TEXT_MAX = 200
export const USER_TYPE_MAX = 32
export const USER_TYPES_MAX = 20
/** microsite access types (contracts/event.ts EventInfo.permissionType); 4 admits some user types only */
export const PERMISSION_TYPES = [1, 2, 3, 4] as const
export const SOME_USER_TYPES = 4
