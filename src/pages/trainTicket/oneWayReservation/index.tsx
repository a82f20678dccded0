import { PageLayout } from '@/ui/PageLayout'

export default function TrainOneWayReservationPage() {
  return <PageLayout route='trainOneWayReservation' />
}
