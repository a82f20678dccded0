import { PageLayout } from '@/ui/PageLayout'

export default function AirOneWayPage() {
  return <PageLayout route='airOneWay' />
}
