import { PageLayout } from '@/ui/PageLayout'
import { TicketDetails } from '@/features/train/components/TicketDetails'

export default function TrainTicketDetailsPage() {
  return (
    <PageLayout route='trainTicketDetails'>
      <TicketDetails />
    </PageLayout>
  )
}
