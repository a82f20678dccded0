/**
 * The demo event's agenda: three days, a plenary hall and three tracks, and three activities
 * attendees sign up for (a workshop with 2 places, a city tour with 30, a dinner without a limit).
 * Times follow the event: day 1 is the event's first day (seed.ts moves DEMO to today). Written
 * on every start: times and texts are refreshed, places taken are kept.
 */
import { DAY_MS, startOfShanghaiDay } from '../kernel/time/time'
import { upsertSubEvents, type NewSubEvent } from './repositories/schedule'
import type { AppDb } from '../kernel/db/client'

type Item = Omit<NewSubEvent, 'eventId' | 'startTime' | 'endTime' | 'sort'> & { day: 1 | 2 | 3; from: string; to: string }

const HALL = { venueZh: '主会场 A 厅', venueEn: 'Main Hall A' }
const ROOM = (n: number) => ({ venueZh: `${n} 会议室`, venueEn: `Room ${n}` })
const AI = { trackZh: '人工智能', trackEn: 'AI' }
const CLOUD = { trackZh: '云原生', trackEn: 'Cloud Native' }
const WEB = { trackZh: '前端与小程序', trackEn: 'Web & Mini-programs' }

/** the activities of the demo form (seed of the registration form names these codes) */
export const DEMO_ACTIVITIES = { workshop: 'workshop-ai', tour: 'city-tour', dinner: 'gala-dinner' } as const
export const DEMO_WORKSHOP_CAPACITY = 2

export const DEMO_AGENDA: Item[] = [
  {
    day: 1,
    from: '09:00',
    to: '09:30',
    code: 'opening',
    titleZh: '开幕致辞',
    titleEn: 'Opening remarks',
    ...HALL,
    speakerZh: '大会主席 王建国',
    speakerEn: 'Wang Jianguo, Conference Chair',
  },
  {
    day: 1,
    from: '09:30',
    to: '10:30',
    code: 'keynote-1',
    titleZh: '主题演讲：下一代开发者平台',
    titleEn: 'Keynote: the next developer platform',
    ...HALL,
    speakerZh: '陈思远',
    speakerEn: 'Chen Siyuan',
  },
  {
    day: 1,
    from: '10:45',
    to: '12:00',
    code: 'ai-1',
    titleZh: '大模型应用的工程实践',
    titleEn: 'Engineering LLM applications',
    ...AI,
    ...ROOM(301),
    speakerZh: '刘洋',
    speakerEn: 'Liu Yang',
  },
  {
    day: 1,
    from: '10:45',
    to: '12:00',
    code: 'cloud-1',
    titleZh: '云原生可观测性',
    titleEn: 'Cloud-native observability',
    ...CLOUD,
    ...ROOM(302),
    speakerZh: '周敏',
    speakerEn: 'Zhou Min',
  },
  {
    day: 1,
    from: '10:45',
    to: '12:00',
    code: 'web-1',
    titleZh: '跨端框架的取舍',
    titleEn: 'Choosing a cross-platform framework',
    ...WEB,
    ...ROOM(303),
    speakerZh: '孙磊',
    speakerEn: 'Sun Lei',
  },
  { day: 1, from: '12:00', to: '13:30', code: 'lunch-1', titleZh: '午餐', titleEn: 'Lunch', venueZh: '二层宴会厅', venueEn: 'Banquet Hall, 2F' },
  {
    day: 1,
    from: '14:00',
    to: '15:30',
    code: DEMO_ACTIVITIES.workshop,
    titleZh: 'AI 编程实战工作坊',
    titleEn: 'Hands-on AI coding workshop',
    ...AI,
    ...ROOM(305),
    speakerZh: '刘洋',
    speakerEn: 'Liu Yang',
    summaryZh: '自带电脑，名额有限，需报名。',
    summaryEn: 'Bring your laptop. Limited places, sign-up required.',
    signupOpen: true,
    capacity: DEMO_WORKSHOP_CAPACITY,
  },
  {
    day: 1,
    from: '14:00',
    to: '15:00',
    code: 'cloud-2',
    titleZh: '大规模 Serverless 实践',
    titleEn: 'Serverless at scale',
    ...CLOUD,
    ...ROOM(302),
    speakerZh: '吴静',
    speakerEn: 'Wu Jing',
  },
  {
    day: 1,
    from: '14:00',
    to: '15:00',
    code: 'web-2',
    titleZh: '小程序性能优化',
    titleEn: 'Mini-program performance',
    ...WEB,
    ...ROOM(303),
    speakerZh: '郑浩',
    speakerEn: 'Zheng Hao',
  },
  {
    day: 1,
    from: '18:30',
    to: '21:00',
    code: DEMO_ACTIVITIES.dinner,
    titleZh: '欢迎晚宴',
    titleEn: 'Welcome dinner',
    venueZh: '二层宴会厅',
    venueEn: 'Banquet Hall, 2F',
    summaryZh: '请报名以便安排座位。',
    summaryEn: 'Please sign up so we can seat you.',
    signupOpen: true,
    capacity: null,
  },
  {
    day: 2,
    from: '09:00',
    to: '10:00',
    code: 'keynote-2',
    titleZh: '主题演讲：开源与协作',
    titleEn: 'Keynote: open source and collaboration',
    ...HALL,
    speakerZh: 'Maria Lopez',
    speakerEn: 'Maria Lopez',
  },
  {
    day: 2,
    from: '10:15',
    to: '11:30',
    code: 'ai-2',
    titleZh: '向量数据库入门',
    titleEn: 'Vector databases, a primer',
    ...AI,
    ...ROOM(301),
    speakerZh: '何琳',
    speakerEn: 'He Lin',
  },
  {
    day: 2,
    from: '10:15',
    to: '11:30',
    code: 'web-3',
    titleZh: '无障碍设计实践',
    titleEn: 'Accessible design in practice',
    ...WEB,
    ...ROOM(303),
    speakerZh: '林晓',
    speakerEn: 'Lin Xiao',
  },
  {
    day: 2,
    from: '13:30',
    to: '15:00',
    code: 'cloud-3',
    titleZh: '多活架构与容灾',
    titleEn: 'Active-active architecture and recovery',
    ...CLOUD,
    ...ROOM(302),
    speakerZh: '马超',
    speakerEn: 'Ma Chao',
  },
  {
    day: 2,
    from: '15:30',
    to: '17:30',
    code: DEMO_ACTIVITIES.tour,
    titleZh: '城市文化之旅',
    titleEn: 'City culture tour',
    venueZh: '会议中心北门集合',
    venueEn: 'Meet at the north gate',
    summaryZh: '乘大巴游览外滩与老城厢。',
    summaryEn: 'A coach tour of the Bund and the old town.',
    signupOpen: true,
    capacity: 30,
  },
  {
    day: 3,
    from: '09:30',
    to: '10:30',
    code: 'panel',
    titleZh: '圆桌论坛：开发者的十年',
    titleEn: 'Panel: a decade of developers',
    ...HALL,
    speakerZh: '多位嘉宾',
    speakerEn: 'Several guests',
  },
  {
    day: 3,
    from: '10:45',
    to: '11:45',
    code: 'ai-3',
    titleZh: 'AI 安全与合规',
    titleEn: 'AI safety and compliance',
    ...AI,
    ...ROOM(301),
    speakerZh: '高远',
    speakerEn: 'Gao Yuan',
  },
  {
    day: 3,
    from: '14:00',
    to: '15:00',
    code: 'closing',
    titleZh: '闭幕式',
    titleEn: 'Closing ceremony',
    ...HALL,
    speakerZh: '大会主席 王建国',
    speakerEn: 'Wang Jianguo, Conference Chair',
  },
]

const at = (dayStart: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return new Date(dayStart + (h * 60 + m) * 60_000)
}

/** the agenda rows of an event whose first day contains `eventStart` */
export function agendaRows(eventId: number, eventStart: Date, items: Item[] = DEMO_AGENDA): NewSubEvent[] {
  const first = startOfShanghaiDay(eventStart).getTime()
  return items.map(({ day, from, to, ...rest }, sort) => {
    const dayStart = first + (day - 1) * DAY_MS
    return { ...rest, eventId, startTime: at(dayStart, from), endTime: at(dayStart, to), sort }
  })
}

export async function seedSchedule(db: AppDb, eventId: number, eventStart: Date): Promise<void> {
  await upsertSubEvents(db, agendaRows(eventId, eventStart))
}
