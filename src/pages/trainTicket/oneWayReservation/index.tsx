import { PageLayout } from '@/ui/PageLayout'
import { Reservation } from '@/features/train/components/Reservation'

export default function TrainOneWayReservationPage() {
  return (
    <PageLayout route='trainOneWayReservation'>
      <Reservation />
    </PageLayout>
  )
}
