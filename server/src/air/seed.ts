/**
 * Demo data of flights, written by seed() on every start (idempotent: each event's notices
 * are replaced): spec §9's dated rule (Beijing flights 4 Feb to 15 Mar 2021 need a negative
 * nucleic acid certificate) at every event, as data that applies only to its cities and dates,
 * and at DEMO an information notice for flights to or from Shanghai around the conference.
 */
import dayjs from 'dayjs'
import { replaceNotices } from './repositories/air'
import type { AppDb } from '../kernel/db/client'

export const BEIJING_2021_NOTICE = {
  level: 'warning' as const,
  titleZh: '进京航班须持核酸检测阴性证明',
  titleEn: 'Flights to or from Beijing need a negative nucleic acid test certificate',
  bodyZh: '2021年2月4日至3月15日，乘坐进出北京的航班须持有7日内核酸检测阴性证明，请提前准备。',
  bodyEn:
    'From 4 February to 15 March 2021, passengers on flights to or from Beijing must carry a negative nucleic acid test certificate from the past 7 days.',
  cityCodes: ['BJS'],
  validFrom: '2021-02-04',
  validTo: '2021-03-15',
}

export async function seedAir(db: AppDb, now: Date, eventIds: Map<string, number>): Promise<void> {
  const today = dayjs(now).utcOffset(480)
  for (const [eventCode, eventId] of eventIds) {
    const notices: Array<Omit<typeof BEIJING_2021_NOTICE, 'level'> & { level: 'warning' | 'info' }> = [BEIJING_2021_NOTICE]
    if (eventCode === 'DEMO') {
      notices.push({
        level: 'info' as const,
        titleZh: '会议期间上海机场出行提示',
        titleEn: 'Shanghai airports during the conference',
        bodyZh: '会议期间虹桥、浦东机场安检排队较长，国内航班请至少提前2小时到达机场。',
        bodyEn: 'Security queues at Hongqiao and Pudong are long during the conference: arrive at least 2 hours before domestic flights.',
        cityCodes: ['SHA'],
        validFrom: today.format('YYYY-MM-DD'),
        validTo: today.add(90, 'day').format('YYYY-MM-DD'),
      })
    }
    await replaceNotices(db, eventId, notices)
  }
}
