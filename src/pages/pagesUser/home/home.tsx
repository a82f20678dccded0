import Taro, { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { AtButton } from 'taro-ui'
import { useI18n } from '@/lib/i18n'
import { reLaunch } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { EventGate } from '@/features/event/components/EventGate'
import { EventHeader } from '@/features/event/components/EventHeader'
import { EventStatus } from '@/features/event/components/EventStatus'
import { getUser } from '@/features/auth/api/get-user'
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
  const setUser = useAppStore((s) => s.setUser)
  const clearSession = useAppStore((s) => s.clearSession)

  // the profile may have changed since login (name, company): refresh it when home mounts and
  // whenever it shows again. Home mounts after the guard, possibly after the page's first show,
  // so both are needed; the time window keeps them from asking twice for one appearance.
  const fetchedAt = useRef(0)
  const refreshUser = () => {
    if (Date.now() - fetchedAt.current < 1000) return
    fetchedAt.current = Date.now()
    getUser().then(setUser).catch(() => undefined)
  }
  useEffect(refreshUser, []) // eslint-disable-line react-hooks/exhaustive-deps
  useDidShow(refreshUser)

  const logout = async () => {
    const { confirm } = await Taro.showModal({
      title: t('common.tip'),
      content: t('home.logoutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!confirm) return
    const { eventHashCode, eventCode } = useAppStore.getState()
    clearSession()
    void reLaunch('login', { ehc: eventHashCode, ec: eventCode })
  }

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
