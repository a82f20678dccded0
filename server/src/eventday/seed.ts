/**
 * Event-day demo data, called from seed.ts: the DEMO event's home entries, information,
 * venue, contacts and travel rules; three days of agenda live with the registration's
 * sub-events. Check-in points for every event; a table and seat for the demo attendee and Li Lei;
 * a designed page and a custom page. Safe to run again: settings are upserted (dates in the text
 * stay true), points and seats are inserted once.
 */
import { ENTRY_KEYS, type Contact, type EntryKey, type PageBlock, type Venue } from '@contracts/calls/eventday'
import type { AppDb } from '../kernel/db/client'
import { checkinPoints, eventDaySettings, eventPages, seatAssignments } from '../kernel/db/schema'

/** the demo home shows every entry there is, in the declared order */
export const DEMO_ENTRIES: EntryKey[] = [...ENTRY_KEYS]

/** the main entrance of every seeded event; its signed code is checkinCode(secret, ehc, 'MAIN') */
export const DEMO_CHECKIN_POINT = { pointCode: 'MAIN', nameZh: '主会场入口', nameEn: 'Main hall entrance' }
export const DEMO_CHECKIN_POINTS = [DEMO_CHECKIN_POINT, { pointCode: 'HALL_B', nameZh: 'B 厅入口', nameEn: 'Hall B entrance' }]

export const DEMO_VENUE: Venue = {
  nameZh: '上海国际会议中心',
  nameEn: 'Shanghai International Convention Center',
  addressZh: '上海市浦东新区滨江大道2727号',
  addressEn: '2727 Binjiang Avenue, Pudong New District, Shanghai',
  latitude: 31.2397,
  longitude: 121.4998,
}

export const DEMO_CONTACTS: Contact[] = [
  {
    nameZh: '会务组 王老师',
    nameEn: 'Ms Wang, conference office',
    roleZh: '报名与签到',
    roleEn: 'Registration and check-in',
    phone: '021-50001234',
    email: 'service@example.com',
  },
  {
    nameZh: '差旅组 陈先生',
    nameEn: 'Mr Chen, travel desk',
    roleZh: '火车票与机票',
    roleEn: 'Train and air tickets',
    phone: '13800138100',
    email: 'travel@example.com',
  },
]

const ACTIVITY_ZH = [
  '2026 全球开发者大会为期三天，汇聚来自全球的开发者、架构师与产品负责人。',
  '第一天：开幕主题演讲与分论坛；第二天：技术专场与动手实验室；第三天：行业应用与闭幕式。',
  '请携带身份证件，于会场入口扫码签到后领取胸牌。会场提供午餐与茶歇。',
].join('\n\n')
const ACTIVITY_EN = [
  'The 2026 Global Developer Conference runs for three days and brings together developers, architects and product leaders from around the world.',
  'Day 1: opening keynotes and tracks; day 2: technical sessions and hands-on labs; day 3: industry applications and the closing ceremony.',
  'Please bring your ID, check in by scanning the code at the entrance and collect your badge. Lunch and coffee breaks are provided.',
].join('\n\n')

const TRAVEL_RULES_ZH = [
  '本次大会差旅由公司统一支付：火车票可预订二等座，行程 6 小时以上可预订一等座；机票可预订经济舱。',
  '请于出发前 3 天完成预订；改签与退票按铁路与航空公司规定收取手续费，由个人承担的部分将另行通知。',
].join('\n\n')
const TRAVEL_RULES_EN = [
  'Travel to the conference is paid by the company: trains in second class, first class for journeys over 6 hours; flights in economy.',
  'Please book at least 3 days before departure; change and refund fees follow the railway and airline rules, and any part you pay yourself will be announced.',
].join('\n\n')

const DESIGN_BLOCKS: PageBlock[] = [
  { type: 'heading', zh: '参会指南', en: 'Attendee guide' },
  {
    type: 'text',
    zh: '欢迎来到 2026 全球开发者大会。以下是到达会场后需要完成的三件事。',
    en: 'Welcome to the 2026 Global Developer Conference. Three things to do when you arrive.',
  },
  { type: 'divider' },
  { type: 'text', zh: '一、在入口扫码签到，领取胸牌。', en: '1. Scan the code at the entrance to check in and collect your badge.' },
  { type: 'entry', entry: 'checkin', labelZh: '去签到', labelEn: 'Check in' },
  { type: 'text', zh: '二、查看日程，收藏感兴趣的分论坛。', en: '2. Look through the schedule and pick your tracks.' },
  { type: 'entry', entry: 'schedule', labelZh: '查看日程', labelEn: 'Schedule' },
  { type: 'text', zh: '三、晚宴请凭桌号入座。', en: '3. Find your table at the dinner.' },
  { type: 'entry', entry: 'tableNum', labelZh: '我的桌号', labelEn: 'My table' },
]
const CUSTOM_BLOCKS: PageBlock[] = [
  { type: 'heading', zh: '晚宴安排', en: 'Conference dinner' },
  {
    type: 'text',
    zh: '第二天 18:30，会议中心七楼宴会厅。请凭桌号入座，着装商务休闲。',
    en: 'Day 2 at 18:30, banquet hall on the 7th floor. Please sit at your table; business casual.',
  },
  { type: 'image', url: '/files/microsite/demo/keynote-cover.jpg', altZh: '宴会厅', altEn: 'Banquet hall' },
  { type: 'entry', entry: 'contactUs', labelZh: '联系会务组', labelEn: 'Contact the organisers' },
]

export async function seedEventDay(
  db: AppDb,
  now: Date,
  ids: { events: Map<string, number>; users: Map<string, number> },
  demo: { eventCode: string; userCodes: string[] },
): Promise<void> {
  for (const [, eventId] of ids.events) {
    await db
      .insert(checkinPoints)
      .values(DEMO_CHECKIN_POINTS.map((p) => ({ ...p, eventId })))
      .onConflictDoNothing()
  }
  const eventId = ids.events.get(demo.eventCode)!
  const settings = {
    entries: DEMO_ENTRIES,
    activityZh: ACTIVITY_ZH,
    activityEn: ACTIVITY_EN,
    venue: DEMO_VENUE,
    contacts: DEMO_CONTACTS,
    travelRulesTitleZh: '差旅标准',
    travelRulesTitleEn: 'Travel policy',
    travelRulesZh: TRAVEL_RULES_ZH,
    travelRulesEn: TRAVEL_RULES_EN,
    updatedAt: now,
  }
  await db
    .insert(eventDaySettings)
    .values({ eventId, ...settings })
    .onConflictDoNothing()
  // other seeded events: the default home entries, nothing else
  for (const [code, id] of ids.events) {
    if (code === demo.eventCode) continue
    await db
      .insert(eventDaySettings)
      .values({ eventId: id, entries: ['schedule', 'checkin', 'attendanceCode', 'travel', 'orders', 'feedback', 'activityInfo'], contacts: [], updatedAt: now })
      .onConflictDoNothing()
  }
  await db
    .insert(eventPages)
    .values([
      { eventId, kind: 'design', pageCode: 'guide', titleZh: '参会指南', titleEn: 'Attendee guide', blocks: DESIGN_BLOCKS, sort: 1 },
      { eventId, kind: 'custom', pageCode: 'dinner', titleZh: '晚宴安排', titleEn: 'Conference dinner', blocks: CUSTOM_BLOCKS, sort: 1 },
    ])
    .onConflictDoNothing()
  const seats = demo.userCodes.map((code, i) => ({
    eventId,
    userId: ids.users.get(code)!,
    tableNo: String(8 + i),
    seatNo: String(3 + i),
    hallZh: '七楼宴会厅',
    hallEn: 'Banquet hall, 7th floor',
  }))
  if (seats.length) await db.insert(seatAssignments).values(seats).onConflictDoNothing()
}
