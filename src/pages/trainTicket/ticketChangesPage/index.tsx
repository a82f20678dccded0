import { PageLayout } from '@/ui/PageLayout'

export default function TrainTicketChangesPage() {
  return <PageLayout route='trainTicketChanges' />
}
