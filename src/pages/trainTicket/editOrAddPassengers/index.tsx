import { PageLayout } from '@/ui/PageLayout'

export default function TrainEditPassengersPage() {
  return <PageLayout route='trainEditPassengers' />
}
