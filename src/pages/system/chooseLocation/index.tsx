import { PageLayout } from '@/ui/PageLayout'
import { ChooseLocationView } from '@/features/eventday/components/LocationViews'

export default function ChooseLocationPage() {
  return (
    <PageLayout route='chooseLocation'>
      <ChooseLocationView />
    </PageLayout>
  )
}
