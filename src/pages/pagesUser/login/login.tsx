import { View } from '@tarojs/components'
import { useI18n } from '@/lib/i18n'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { Notice } from '@/ui/Notice'
import { useCurrentEvent } from '@/features/event/hooks/useCurrentEvent'
import { EventHeader } from '@/features/event/components/EventHeader'
import { LoginForm } from '@/features/auth/components/LoginForm'
import './login.scss'

export default function LoginPage() {
  return (
    <PageLayout route='login' back={false} navRight={<LanguageSwitch />}>
      <Login />
    </PageLayout>
  )
}

function Login() {
  const { t } = useI18n()
  const { load, reload } = useCurrentEvent()
  if (load.state === 'missing') return <Notice text={t('index.noEvent')} />
  if (load.state === 'notFound') return <Notice text={t('index.eventNotFound')} />
  if (load.state === 'failed') return <Notice text={t('index.loadFailed')} action={{ label: t('common.retry'), onClick: reload }} />
  if (load.state === 'loading') return <Notice icon='…' text={t('common.loading')} />
  return (
    <View className='login-page'>
      <EventHeader event={load.event} />
      <View className='login-page__card'>
        <LoginForm event={load.event} />
      </View>
    </View>
  )
}
