import { View, Text } from '@tarojs/components'
import { eventTimeState, type EventInfo } from '@contracts/event'
import { useI18n } from '@/lib/i18n'
import { useNow } from '../hooks/useNow'
import { countdownParts } from '../model/countdown'
import './EventStatus.scss'

/** spec §4 conference time: countdown before the start, in progress, ended */
export function EventStatus({ event }: { event: EventInfo }) {
  const { t } = useI18n()
  const now = useNow(1000)
  const state = eventTimeState(event, now)
  return (
    <View className={`event-status event-status--${state}`}>
      {state === 'notStarted' && (
        <>
          <Text className='event-status__label'>{t('home.notStarted')}</Text>
          <Text className='event-status__countdown'>{t('home.countdown', countdownParts(Date.parse(event.startTime), now))}</Text>
        </>
      )}
      {state === 'inProgress' && <Text className='event-status__label'>{t('home.inProgress')}</Text>}
      {state === 'ended' && <Text className='event-status__label'>{t('home.ended')}</Text>}
    </View>
  )
}
