/** Check-in codes of the seeded events, signed with the dev secret the tests run with. */
import { checkinUrl } from '@contracts/checkin'
import { loadConfig } from '../src/config'
import { DEMO_EVENT, LOCKED_EVENT } from '../src/seed'
import { DEMO_CHECKIN_POINT } from '../src/eventday/seed'
import { checkinCode } from '../src/eventday/rules/checkin-sign'

const secret = loadConfig({}).codeHashSecret
export const DEMO_CHECKIN_CODE = checkinCode(secret, DEMO_EVENT.eventHashCode, DEMO_CHECKIN_POINT.pointCode)
export const DEMO_CHECKIN_TEXT = checkinUrl('http://localhost:3000', DEMO_EVENT, DEMO_CHECKIN_CODE)
export const LOCKED_CHECKIN_CODE = checkinCode(secret, LOCKED_EVENT.eventHashCode, DEMO_CHECKIN_POINT.pointCode)
export const LOCKED_CHECKIN_TEXT = checkinUrl('http://localhost:3000', LOCKED_EVENT, LOCKED_CHECKIN_CODE)
