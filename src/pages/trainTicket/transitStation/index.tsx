import { PageLayout } from '@/ui/PageLayout'

export default function TrainTransitStationPage() {
  return <PageLayout route='trainTransitStation' />
}
