import { PageLayout } from '@/ui/PageLayout'
import { TicketingView } from '@/features/train/components/TicketingView'

export default function TrainTicketsIssuedPage() {
  return (
    <PageLayout route='trainTicketsIssued'>
      <TicketingView />
    </PageLayout>
  )
}
