import { PageLayout } from '@/ui/PageLayout'

export default function TrainTicketDetailsPage() {
  return <PageLayout route='trainTicketDetails' />
}
