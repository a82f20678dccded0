import { PageLayout } from '@/ui/PageLayout'

export default function TrainSearchTicketListPage() {
  return <PageLayout route='trainSearchTicketList' />
}
