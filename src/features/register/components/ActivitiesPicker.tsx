import { Text, View } from '@tarojs/components'
import dayjs from 'dayjs'
import { isActivityFull, toggleActivity } from '@contracts/activities'
import type { ScheduleSummaryResponse } from '@contracts/calls/register'
import { toast } from '@/lib/feedback'
import { withZoneLabel, zoneLabel } from '@/lib/zone-label'
import { useAppStore } from '@/store'
import { useI18n } from '../i18n'
import { pressable } from '@/ui/pressable'

interface Props {
  summary: ScheduleSummaryResponse
  chosen: string[]
  onChange: (codes: string[]) => void
}

/** the activities open for sign-up, with the event's limit message and places left (the server enforces both) */
export function ActivitiesPicker({ summary, chosen, onChange }: Props) {
  const { t, lang } = useI18n()
  const timeZone = useAppStore((s) => s.event?.timeZone)
  const max = summary.maxPerAttendee
  const toggle = (code: string) => {
    const next = toggleActivity(summary, chosen, code)
    if ('codes' in next) return onChange(next.codes)
    toast(next.problem === 'full' ? t('register.activityFull') : t('register.activitiesMax', { max: next.max }))
  }
  return (
    <View className='reg-activities'>
      <Text className='reg-activities__limit'>{max === null ? t('register.activitiesNoLimit') : t('register.activitiesMax', { max })}</Text>
      {summary.items.map((a) => {
        const on = chosen.includes(a.code)
        const full = isActivityFull(a)
        return (
          <View
            key={a.code}
            className={`reg-activity reg-activity--${a.code} ${on ? 'is-on' : ''} ${full ? 'is-full' : ''}`}
            {...pressable(() => toggle(a.code), { role: 'checkbox', checked: on, disabled: full && !on })}
          >
            <View className='reg-activity__check'>{on ? '✓' : ''}</View>
            <View className='reg-activity__body'>
              <Text className='reg-activity__title'>{lang === 'en' ? a.titleEn : a.titleZh}</Text>
              <Text className='reg-activity__meta'>
                {withZoneLabel(
                  `${dayjs(a.startTime.slice(0, 19)).format('MM-DD HH:mm')}–${dayjs(a.endTime.slice(0, 19)).format('HH:mm')}`,
                  zoneLabel(a.startTime, timeZone, lang),
                )}{' '}
                · {lang === 'en' ? a.venueEn : a.venueZh}
              </Text>
              <Text className='reg-activity__places'>
                {full ? t('register.activityFull') : a.remaining === null ? t('register.activityUnlimited') : t('register.activityPlaces', { n: a.remaining })}
              </Text>
            </View>
          </View>
        )
      })}
    </View>
  )
}
