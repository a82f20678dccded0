import { PageLayout } from '@/ui/PageLayout'

export default function AirTicketDetailsPage() {
  return <PageLayout route='airTicketDetails' />
}
