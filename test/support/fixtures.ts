/** Shapes the client tests share: one event and one attendee, varied per test with eventWith(). */
import type { EventInfo, UserInfo } from '@contracts/event'

export const EVENT: EventInfo = {
  eventCode: 'E1',
  eventHashCode: 'demo',
  titleZh: '2026 年会',
  titleEn: 'Annual Meeting 2026',
  startTime: '2026-11-22T09:00:00+08:00',
  endTime: '2026-11-24T18:00:00+08:00',
  timeZone: 'Asia/Shanghai',
  venueZh: '上海国际会议中心',
  venueEn: 'Shanghai International Convention Center',
  enabled: true,
  loginModes: ['mobile', 'email', 'account'],
  loginExtraFields: [],
  permissionType: 1,
  someUserTypes: [],
}
export const eventWith = (v: Partial<EventInfo>): EventInfo => ({ ...EVENT, ...v })

export const USER: UserInfo = {
  userCode: 'U1',
  name: '张三',
  mobile: '13800138000',
  email: null,
  userName: null,
  userType: 'guest',
  company: '示例公司',
  eventCode: 'E1',
}
