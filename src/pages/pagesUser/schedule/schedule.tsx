import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { ScheduleView } from '@/features/eventday/components/ScheduleView'

export default function SchedulePage() {
  return (
    <PageLayout route='schedule' navRight={<LanguageSwitch />}>
      <ScheduleView />
    </PageLayout>
  )
}
