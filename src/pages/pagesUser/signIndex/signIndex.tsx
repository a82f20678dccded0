import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { useState } from 'react'
import { useI18n } from '@/features/eventday/i18n'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { Tabs } from '@/features/eventday/components/Tabs'
import { AttendanceCodeCard } from '@/features/eventday/components/AttendanceCodeCard'
import { CheckinPanel } from '@/features/eventday/components/CheckinPanel'

/**
 * /signIndex (login): self check-in and the attendee's attendance code, on two tabs. Spec §2 has
 * no route of its own for the attendance code; it lives here, beside check-in (?tab=code opens it).
 */
export default function SignIndexPage() {
  const { t } = useI18n()
  const { params } = useRouter()
  const [tab, setTab] = useState<'checkin' | 'code'>(params.tab === 'code' ? 'code' : 'checkin')
  return (
    <PageLayout route='signIndex' navRight={<LanguageSwitch />}>
      <View className='ed-page'>
        <Tabs
          tabs={[
            { key: 'checkin', label: t('eventday.entries.checkin') },
            { key: 'code', label: t('eventday.entries.attendanceCode') },
          ]}
          value={tab}
          onChange={setTab}
        />
        {tab === 'checkin' ? <CheckinPanel /> : <AttendanceCodeCard />}
      </View>
    </PageLayout>
  )
}
