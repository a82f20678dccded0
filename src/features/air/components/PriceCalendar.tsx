import { ScrollView, Text, View } from '@tarojs/components'
import type { PriceDay } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { dayParts } from '../model/format'
import { yuan } from '../model/money'
import { pressable } from '@/ui/pressable'
import './air.scss'

/** the lowest fare of the days around the searched one (when the provider gives it) */
export function PriceCalendar({ days, date, onPick }: { days: PriceDay[]; date: string; onPick: (date: string) => void }) {
  const { t, lang } = useI18n()
  if (days.length === 0) return null
  return (
    <ScrollView className='air-calendar' scrollX scrollIntoView={`day-${date}`}>
      {days.map((d) => {
        const { day, weekday } = dayParts(d.date, lang)
        return (
          <View
            key={d.date}
            id={`day-${d.date}`}
            className={`air-calendar__day ${d.date === date ? 'is-on' : ''}`}
            {...pressable(() => onPick(d.date))}
            aria-pressed={d.date === date}
          >
            <Text className='air-calendar__date'>{day}</Text>
            <Text className='air-calendar__weekday'>{weekday}</Text>
            <Text className='air-calendar__price'>{d.lowestFareFen === null ? t('air.list.calendarNone') : `¥${yuan(d.lowestFareFen)}`}</Text>
          </View>
        )
      })}
    </ScrollView>
  )
}
