import { PageLayout } from '@/ui/PageLayout'

export default function AirReservationPage() {
  return <PageLayout route='airReservation' />
}
