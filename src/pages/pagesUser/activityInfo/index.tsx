import { PageLayout } from '@/ui/PageLayout'
import { ActivityInfoView } from '@/features/eventday/components/InfoViews'

export default function ActivityInfoPage() {
  return (
    <PageLayout route='activityInfo'>
      <ActivityInfoView />
    </PageLayout>
  )
}
