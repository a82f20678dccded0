import { PageLayout } from '@/ui/PageLayout'

export default function FeedbackPage() {
  return <PageLayout route='feedback' />
}
