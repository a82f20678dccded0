import { View, Text } from '@tarojs/components'
import type { EventInfo } from '@contracts/event'
import { useI18n } from '@/lib/i18n'
import { withZoneLabel, zoneLabel } from '@/lib/zone-label'
import { formatEventRange } from '../model/countdown'
import './EventHeader.scss'

/** the event's name, dates and venue in the user's language */
export function EventHeader({ event }: { event: EventInfo }) {
  const { t, lang } = useI18n()
  const title = lang === 'en' ? event.titleEn || event.titleZh : event.titleZh || event.titleEn
  const venue = lang === 'en' ? event.venueEn || event.venueZh : event.venueZh || event.venueEn
  return (
    <View className='event-header'>
      <Text className='event-header__title'>{title}</Text>
      <View className='event-header__row'>
        <Text className='event-header__label'>{t('home.time')}</Text>
        <Text className='event-header__value'>
          {withZoneLabel(formatEventRange(event.startTime, event.endTime), zoneLabel(event.startTime, event.timeZone, lang))}
        </Text>
      </View>
      {venue ? (
        <View className='event-header__row'>
          <Text className='event-header__label'>{t('home.venue')}</Text>
          <Text className='event-header__value'>{venue}</Text>
        </View>
      ) : null}
    </View>
  )
}
