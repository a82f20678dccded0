import { View } from '@tarojs/components'
import { useI18n } from '@/lib/i18n'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'
import { EventHeader } from '@/features/event/components/EventHeader'

export default function EventEndPage() {
  const { t } = useI18n()
  const event = useAppStore((s) => s.event)
  return (
    <PageLayout route='eventEnd' back={false}>
      <View>
        {event ? <EventHeader event={event} /> : null}
        <Notice text={t('eventEnd.text')} />
      </View>
    </PageLayout>
  )
}
