/**
 * Who a notice reaches and when: the contact a channel uses for an attendee, and the minute each
 * message is handed to its provider (NOTICE_RULES.perMinute, over every notice queued before).
 */
import type { NoticeChannel } from '@contracts/admin/notices'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'

export type Provider = keyof typeof NOTICE_RULES.perMinute

export interface Person {
  userId: number
  name: string
  mobile: string | null
  email: string | null
  lang: string | null
}

/** the provider and address a channel reaches the person at, or null ('own': their mobile, else their e-mail) */
export function reachOf(p: Person, channel: NoticeChannel): { provider: Provider; to: string } | null {
  if ((channel === 'sms' || channel === 'own') && p.mobile) return { provider: 'sms', to: p.mobile }
  if ((channel === 'email' || channel === 'own') && p.email) return { provider: 'email', to: p.email }
  return null
}

export const langOf = (p: Person): 'zh' | 'en' => (p.lang === 'en' ? 'en' : 'zh')

/** when the n-th message of a provider's queue (0: the first, after `backlog` already queued) is due */
export function dueAt(provider: Provider, backlog: number, n: number, now: Date): Date {
  const minute = Math.floor((backlog + n) / NOTICE_RULES.perMinute[provider])
  return new Date(now.getTime() + minute * 60_000)
}
