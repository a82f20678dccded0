import { PageLayout } from '@/ui/PageLayout'

export default function TrainTicketsIssuedPage() {
  return <PageLayout route='trainTicketsIssued' />
}
