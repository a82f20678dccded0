/**
 * Which days a reconciliation reads (TRAVEL_DESK_RULES): real China dates, the end not before the
 * start nor after today, at most reconcileMaxDays of them, none older than WeChat Pay keeps bills.
 */
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import type { MsgId, MsgParams } from '@contracts/messages'
import { addDays, isCalendarDate } from '../../kernel/time/time'

export type RangeRefusal = { msgId: MsgId; params?: MsgParams }

/** the days from `from` to `to`, both included, or why not; `today` is China's */
export function reconcileDays(from: string, to: string, today: string): { days: string[] } | RangeRefusal {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return { msgId: 'EADM7501' }
  if (to < from) return { msgId: 'EADM7502' }
  if (to > today) return { msgId: 'EADM7505' }
  if (from < addDays(today, -TRAVEL_DESK_RULES.reconcileHistoryDays)) return { msgId: 'EADM7504', params: { days: TRAVEL_DESK_RULES.reconcileHistoryDays } }
  const days: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (days.length === TRAVEL_DESK_RULES.reconcileMaxDays) return { msgId: 'EADM7503', params: { max: TRAVEL_DESK_RULES.reconcileMaxDays } }
    days.push(d)
  }
  return { days }
}

/** a day whose bill WeChat says does not exist: a day without trades once it is this old, else not made yet */
export const isSettledDay = (day: string, today: string): boolean => day <= addDays(today, -TRAVEL_DESK_RULES.billSettledDays)
