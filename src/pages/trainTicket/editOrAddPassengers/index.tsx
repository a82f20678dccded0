import { PageLayout } from '@/ui/PageLayout'
import { PassengersManager } from '@/features/train/components/PassengersManager'

export default function TrainEditPassengersPage() {
  return (
    <PageLayout route='trainEditPassengers'>
      <PassengersManager />
    </PageLayout>
  )
}
