/**
 * Demo data, written on every start and safe to run again (idempotent):
 * events are upserted and their dates moved so DEMO is always "in progress" today;
 * people and registrations are created once and then left alone (edits survive restarts);
 * microsites are loaded from their file when the event has none (a microsite an organiser loaded
 * instead survives restarts, and so does the microsite rule it set on the event).
 *
 * The constants are exported so tests and browser tests log in with exactly these values.
 */
import { eq } from 'drizzle-orm'
import type { LoginExtraField, LoginMode } from '@contracts/event'
import { hashPassword } from './auth/rules/passwords'
import { DAY_MS, startOfShanghaiDay } from './kernel/time/time'
import { loadMicrositeIfAbsent } from './microsite/load'
import { seedEventDay } from './eventday/seed'
import DEMO_MICROSITE_FILE from './microsite/demo.json'
import type { AppDb } from './kernel/db/client'
import { seedTrain } from './train/seed'
import { seedAir } from './air/seed'
import { attendees, events, users } from './kernel/db/schema'
import { seedSchedule } from './schedule/seed'
import { loadRegistrationFormIfAbsent } from './register/load'
import { seedDemoRegistration, seedReviewRegistration } from './register/seed'
import DEMO_FORM_FILE from './register/demo-form.json'
import { seedStaff } from './staff/seed'

const ALL_MODES: LoginMode[] = ['mobile', 'email', 'account']

interface SeedEvent {
  eventCode: string
  eventHashCode: string
  titleZh: string
  titleEn: string
  venueZh: string
  venueEn: string
  enabled: boolean
  loginModes: LoginMode[]
  loginExtraFields: LoginExtraField[]
  permissionType: number
  shareTitle: string
  shareSubTitle: string
}

const VENUE = { venueZh: '上海国际会议中心', venueEn: 'Shanghai International Convention Center' }

export const DEMO_EVENT: SeedEvent = {
  eventCode: 'DEMO',
  eventHashCode: 'demo',
  titleZh: '2026 全球开发者大会',
  titleEn: '2026 Global Developer Conference',
  ...VENUE,
  enabled: true,
  loginModes: ALL_MODES,
  loginExtraFields: [],
  permissionType: 1,
  shareTitle: '2026 全球开发者大会 | Global Developer Conference',
  shareSubTitle: '欢迎参会：日程、签到、差旅一站完成 / Schedule, check-in and travel in one place',
}

/** every extra login proof switched on */
export const LOCKED_EVENT: SeedEvent = {
  ...DEMO_EVENT,
  eventCode: 'LOCKED',
  eventHashCode: 'locked',
  titleZh: '2026 闭门峰会',
  titleEn: '2026 Closed-door Summit',
  loginExtraFields: ['idNumber', 'visitingCode', 'roomNumber'],
  permissionType: 2,
  shareTitle: '2026 闭门峰会',
  shareSubTitle: '仅限受邀嘉宾 / Invited guests only',
}

/** website switched off (enabled false) */
export const CLOSED_EVENT: SeedEvent = {
  ...DEMO_EVENT,
  eventCode: 'CLOSED',
  eventHashCode: 'closed',
  titleZh: '2026 未开放活动',
  titleEn: '2026 Unpublished Event',
  enabled: false,
  shareTitle: '2026 未开放活动',
  shareSubTitle: '',
}

/** ended yesterday */
export const PAST_EVENT: SeedEvent = {
  ...DEMO_EVENT,
  eventCode: 'PAST',
  eventHashCode: 'past',
  titleZh: '2025 年度技术峰会',
  titleEn: '2025 Annual Tech Summit',
  shareTitle: '2025 年度技术峰会',
  shareSubTitle: '感谢参与 / Thank you for joining',
}

/** starts in a week: the home page counts down to it */
export const UPCOMING_EVENT: SeedEvent = {
  ...DEMO_EVENT,
  eventCode: 'SOON',
  eventHashCode: 'soon',
  titleZh: '新品发布会',
  titleEn: 'Product Launch',
  shareTitle: '新品发布会',
  shareSubTitle: '诚邀您莅临 / You are invited',
}

/** the demo event's registration form: every field type, a companion follower type, audit for the press type */
export const DEMO_FORM = DEMO_FORM_FILE

export const SEED_EVENTS = [DEMO_EVENT, LOCKED_EVENT, CLOSED_EVENT, PAST_EVENT, UPCOMING_EVENT]

/** The demo attendee: registered and approved for every seeded event. */
export const DEMO_USER = {
  userCode: 'U20260001',
  name: '张伟',
  mobile: '13800138000',
  email: 'demo@example.com',
  userName: 'demo',
  password: 'Demo@2026',
  /** valid 18-digit resident ID (check digit 7) */
  idNumber: '110101199003074477',
  company: '示例科技有限公司',
  userType: 'attendee',
} as const

/** the demo attendee's extra login proofs for LOCKED */
export const LOCKED_ATTENDEE = { visitingCode: 'VIP2026', roomNumber: '8808' } as const

/** registered for DEMO, registration still under review → login answers EREG1040 */
export const AUDITING_USER = {
  userCode: 'U20260002',
  name: '李娜',
  mobile: '13900139000',
  email: 'auditing@example.com',
  userName: 'auditing',
  password: 'Audit@2026',
  idNumber: null,
  company: null,
  // the demo form's press type, whose registrations wait for review (register/seed.ts)
  userType: 'media',
} as const

/** registered for DEMO, registration rejected → login answers EREG1030 */
export const REJECTED_USER = {
  userCode: 'U20260003',
  name: '王芳',
  mobile: '13700137000',
  email: 'rejected@example.com',
  userName: 'rejected',
  password: 'Reject@2026',
  idNumber: null,
  company: null,
  userType: 'attendee',
} as const

/** a person with an account who is registered for no event → login answers EREG1036 */
export const OUTSIDER_USER = {
  userCode: 'U20260004',
  name: '赵磊',
  mobile: '13600136000',
  email: 'outsider@example.com',
  userName: 'outsider',
  password: 'Outsider@2026',
  idNumber: null,
  company: null,
  userType: 'attendee',
} as const

/** a colleague of the demo attendee, approved for DEMO as a VIP (the microsite's VIP page is for that type only) */
export const COLLEAGUE_USER = {
  userCode: 'U20260005',
  name: 'Li Lei',
  mobile: '13800138001',
  email: 'lilei@example.com',
  userName: 'lilei',
  password: 'Lilei@2026',
  idNumber: null,
  company: '示例科技有限公司',
  userType: 'vip',
} as const

export const SEED_USERS = [DEMO_USER, AUDITING_USER, REJECTED_USER, OUTSIDER_USER, COLLEAGUE_USER]

/**
 * Event times relative to `now`: DEMO/LOCKED/CLOSED run today 00:00 (Shanghai) + 3 days; PAST
 * ended yesterday; SOON starts in 7 days at 09:00 and lasts two days.
 */
export function seedTimes(code: string, now: Date): { startTime: Date; endTime: Date } {
  const today = startOfShanghaiDay(now).getTime()
  if (code === PAST_EVENT.eventCode) {
    return { startTime: new Date(today - 3 * DAY_MS), endTime: new Date(today - DAY_MS + 18 * 3600_000) }
  }
  if (code === UPCOMING_EVENT.eventCode) {
    const start = today + 7 * DAY_MS + 9 * 3600_000
    return { startTime: new Date(start), endTime: new Date(start + DAY_MS + 9 * 3600_000) }
  }
  return { startTime: new Date(today), endTime: new Date(today + 3 * DAY_MS) }
}

/**
 * The demo microsite (both styles, articles, an album, an external link, a page for logged-in
 * attendees and one for VIPs): the same kind of file an organiser loads, and the README's example.
 */
export const DEMO_MICROSITE = DEMO_MICROSITE_FILE
/** microsites by event: SOON has one prepared but not switched on yet (the "not enabled" tip) */
export const SEED_MICROSITES: Record<string, unknown> = {
  [DEMO_EVENT.eventCode]: DEMO_MICROSITE,
  [UPCOMING_EVENT.eventCode]: { ...DEMO_MICROSITE, enabled: false, titleZh: '新品发布会 · 会议微站', titleEn: 'Product Launch microsite' },
}

// scrypt is slow by design; tests re-seed often, so hash each seed password once per process
const hashCache = new Map<string, Promise<string>>()
const hashOnce = (pw: string) => {
  if (!hashCache.has(pw)) hashCache.set(pw, hashPassword(pw))
  return hashCache.get(pw)!
}

export async function seed(db: AppDb, now: Date): Promise<void> {
  const eventIds = new Map<string, number>()
  for (const e of SEED_EVENTS) {
    const times = seedTimes(e.eventCode, now)
    // the microsite rule is set when the event is created, then belongs to the microsite loader
    const { permissionType, ...values } = { ...e, ...times, updatedAt: now }
    const [row] = await db
      .insert(events)
      .values({ ...values, permissionType, someUserTypes: [], createdAt: now })
      .onConflictDoUpdate({ target: events.eventCode, set: values })
      .returning({ id: events.id })
    eventIds.set(e.eventCode, row.id)
  }

  const userIds = new Map<string, number>()
  for (const u of SEED_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userCode, u.userCode))
    if (existing) {
      userIds.set(u.userCode, existing.id)
      continue
    }
    const { password, userType: _t, ...fields } = u
    const [row] = await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashOnce(password), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id })
    // another instance may have inserted it between our select and insert
    const id = row?.id ?? (await db.select({ id: users.id }).from(users).where(eq(users.userCode, u.userCode)))[0].id
    userIds.set(u.userCode, id)
  }

  const reg = (eventCode: string, userCode: string, status: string, extra: { visitingCode?: string; roomNumber?: string } = {}) => ({
    eventId: eventIds.get(eventCode)!,
    userId: userIds.get(userCode)!,
    userType: SEED_USERS.find((u) => u.userCode === userCode)!.userType,
    status,
    visitingCode: extra.visitingCode ?? null,
    roomNumber: extra.roomNumber ?? null,
    createdAt: now,
  })
  await db
    .insert(attendees)
    .values([
      reg('DEMO', DEMO_USER.userCode, 'approved'),
      reg('LOCKED', DEMO_USER.userCode, 'approved', LOCKED_ATTENDEE),
      reg('CLOSED', DEMO_USER.userCode, 'approved'),
      reg('PAST', DEMO_USER.userCode, 'approved'),
      reg('SOON', DEMO_USER.userCode, 'approved'),
      reg('DEMO', COLLEAGUE_USER.userCode, 'approved'),
      reg('DEMO', AUDITING_USER.userCode, 'auditing'),
      reg('DEMO', REJECTED_USER.userCode, 'rejected'),
    ])
    .onConflictDoNothing()

  for (const [eventCode, file] of Object.entries(SEED_MICROSITES)) {
    await loadMicrositeIfAbsent({ db, now: () => now }, eventCode, file)
  }

  await seedTrain(db, now, eventIds, { ...DEMO_USER, id: userIds.get(DEMO_USER.userCode)! })
  await seedAir(db, now, eventIds)
  await seedEventDay(
    db,
    now,
    { events: eventIds, users: userIds },
    { eventCode: DEMO_EVENT.eventCode, userCodes: [DEMO_USER.userCode, COLLEAGUE_USER.userCode] },
  )
  // registration: the demo agenda and its activities
  await seedSchedule(db, eventIds.get(DEMO_EVENT.eventCode)!, seedTimes(DEMO_EVENT.eventCode, now).startTime)
  await loadRegistrationFormIfAbsent({ db, now: () => now }, DEMO_EVENT.eventCode, DEMO_FORM)
  await seedDemoRegistration(db, now, { ...DEMO_USER, eventId: eventIds.get(DEMO_EVENT.eventCode)!, userId: userIds.get(DEMO_USER.userCode)! })
  await seedReviewRegistration(db, now, { ...AUDITING_USER, eventId: eventIds.get(DEMO_EVENT.eventCode)!, userId: userIds.get(AUDITING_USER.userCode)! })
  // the organisers' console: a platform administrator and an organiser of DEMO
  await seedStaff(db, now, eventIds, hashOnce)
}
