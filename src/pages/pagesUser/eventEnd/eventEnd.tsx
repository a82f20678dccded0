import { PageLayout } from '@/ui/PageLayout'

export default function EventEndPage() {
  return <PageLayout route='eventEnd' />
}
