import { PageLayout } from '@/ui/PageLayout'

export default function AirOrderDetailsPage() {
  return <PageLayout route='airOrderDetails' />
}
