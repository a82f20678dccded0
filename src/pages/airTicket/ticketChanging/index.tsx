import { PageLayout } from '@/ui/PageLayout'

export default function AirTicketChangingPage() {
  return <PageLayout route='airTicketChanging' />
}
