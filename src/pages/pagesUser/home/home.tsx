import { View } from '@tarojs/components'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { EventGate } from '@/features/event/components/EventGate'
import { EventHeader } from '@/features/event/components/EventHeader'
import { EventStatus } from '@/features/event/components/EventStatus'
import { Welcome } from '@/features/auth/components/Welcome'
import { useNow } from '@/features/event/hooks/useNow'
import { HomeEntries } from '@/features/eventday/components/HomeEntries'
import './home.scss'

export default function HomePage() {
  const now = useNow(30_000)
  return (
    <PageLayout route='home' back={false} navRight={<LanguageSwitch />}>
      <EventGate>
        {(event) => (
          <View className='home-page'>
            <EventHeader event={event} />
            <EventStatus event={event} />
            <HomeEntries event={event} now={now} />
            <Welcome />
          </View>
        )}
      </EventGate>
    </PageLayout>
  )
}
