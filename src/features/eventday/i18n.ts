/**
 * The event-day texts (home entries, schedule, check-in, travel, feedback…) load with the pages
 * that show them, not with the app (the H5 first load, the login page, has a size budget): importing this
 * module registers them. Every eventday module, and the pages that use eventday texts, take their
 * i18n from here rather than from @/lib/i18n.
 */
import eventdayZhCN from '@/locales/eventday.zh-CN'
import eventdayEn from '@/locales/eventday.en'
import { registerCatalogue } from '@/lib/i18n'

registerCatalogue('eventday', eventdayZhCN, eventdayEn)

export * from '@/lib/i18n'
