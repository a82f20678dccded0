import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { useAppStore } from '@/store'
import { RegisterHub } from '@/features/register/components/RegisterHub'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

/** /register: results of this device's registrations and the attendee types to register as (?result=code puts one first) */
export default function RegisterPage() {
  const { params } = useRouter()
  const eventCode = useAppStore((s) => s.eventCode)
  return (
    <PageLayout route='register' navRight={<LanguageSwitch />}>
      {eventCode ? <RegisterHub eventCode={eventCode} highlight={params.result} /> : null}
    </PageLayout>
  )
}
