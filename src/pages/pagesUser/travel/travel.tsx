import { PageLayout } from '@/ui/PageLayout'

export default function TravelPage() {
  return <PageLayout route='travel' />
}
