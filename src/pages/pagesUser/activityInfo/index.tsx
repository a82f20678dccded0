import { PageLayout } from '@/ui/PageLayout'

export default function ActivityInfoPage() {
  return <PageLayout route='activityInfo' />
}
