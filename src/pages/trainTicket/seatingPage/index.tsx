import { PageLayout } from '@/ui/PageLayout'
import { SeatingView } from '@/features/train/components/SeatingView'

export default function TrainSeatingPage() {
  return (
    <PageLayout route='trainSeating'>
      <SeatingView />
    </PageLayout>
  )
}
