import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { useAppStore } from '@/store'
import { useQuery } from '@/lib/useQuery'
import { EditRegistration } from '@/features/register/components/EditRegistration'
import { RegistrationForm } from '@/features/register/components/RegistrationForm'
import { fetchOverview } from '@/features/register/api/register'
import { useRegistrationMode } from '@/features/register/hooks/useRegistrationMode'

/**
 * /form: a logged-in attendee sees and edits their registration; anyone else, and a logged-in
 * attendee who has not registered for this event yet (EREG1036), fills in a new one (?type=attendee
 * type; the draft's type after a reload; else the event's first type). A session expiring on
 * this page keeps the attendee's own registration on screen (useRegistrationMode).
 */
export default function FormPage() {
  const { params } = useRouter()
  const eventCode = useAppStore((s) => s.eventCode)
  const token = useAppStore((s) => s.token)
  const draftType = useAppStore((s) => (eventCode ? s.registerDrafts[eventCode]?.contactType : undefined))
  const [notRegistered, setNotRegistered] = useState(false)
  const newRegistration = useRegistrationMode(!!token, notRegistered) === 'new'
  const overview = useQuery(eventCode && newRegistration ? `register-overview:${eventCode}` : null, () => fetchOverview(eventCode!))
  const type = params.type || draftType || overview.data?.types[0]?.code
  return (
    <PageLayout route='form' navRight={<LanguageSwitch />}>
      {eventCode && !newRegistration ? <EditRegistration eventCode={eventCode} onNotRegistered={() => setNotRegistered(true)} /> : null}
      {eventCode && newRegistration && type && overview.data ? (
        <RegistrationForm eventCode={eventCode} contactType={type} protocol={{ zh: overview.data.protocolZh, en: overview.data.protocolEn }} />
      ) : null}
    </PageLayout>
  )
}
