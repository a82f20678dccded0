import { PageLayout } from '@/ui/PageLayout'
import { TrainStopsView } from '@/features/train/components/TrainStopsView'

export default function TrainTransitStationPage() {
  return (
    <PageLayout route='trainTransitStation'>
      <TrainStopsView />
    </PageLayout>
  )
}
