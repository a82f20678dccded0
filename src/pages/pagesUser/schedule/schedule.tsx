import { PageLayout } from '@/ui/PageLayout'
import { ScheduleView } from '@/features/eventday/components/ScheduleView'

export default function SchedulePage() {
  return (
    <PageLayout route='schedule'>
      <ScheduleView />
    </PageLayout>
  )
}
