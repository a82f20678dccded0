import { View } from '@tarojs/components'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { EventGate } from '@/features/event/components/EventGate'
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
  return (
    <EventGate>
      {(event) => (
        <View className='login-page'>
          <EventHeader event={event} />
          <View className='login-page__card'>
            <LoginForm event={event} />
          </View>
        </View>
      )}
    </EventGate>
  )
}
