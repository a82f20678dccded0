import { PageLayout } from '@/ui/PageLayout'

export default function SchedulePage() {
  return <PageLayout route='schedule' />
}
