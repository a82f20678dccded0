import { View, Text } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useI18n } from '@/lib/i18n'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { EventGate } from '@/features/event/components/EventGate'
import { EventHeader } from '@/features/event/components/EventHeader'
import { EventStatus } from '@/features/event/components/EventStatus'
import { useProfileRefresh } from '@/features/auth/hooks/useProfile'
import { logout } from '@/features/auth/model/logout'
import './home.scss'

export default function HomePage() {
  return (
    <PageLayout route='home' back={false} navRight={<LanguageSwitch />}>
      <Home />
    </PageLayout>
  )
}

function Home() {
  const { t } = useI18n()
  const user = useAppStore((s) => s.user)
  useProfileRefresh()
  return (
    <EventGate>
      {(event) => (
        <View className='home-page'>
          <EventHeader event={event} />
          <EventStatus event={event} />
          {user && (
            <View className='home-page__welcome'>
              <Text className='home-page__name'>{t('home.welcome', { name: user.name })}</Text>
              {user.company ? <Text className='home-page__company'>{user.company}</Text> : null}
            </View>
          )}
          <View className='home-page__actions'>
            <AtButton className='home-page__logout' onClick={logout}>
              {t('home.logout')}
            </AtButton>
          </View>
        </View>
      )}
    </EventGate>
  )
}
