import { PageLayout } from '@/ui/PageLayout'
import { FeedbackForm } from '@/features/eventday/components/FeedbackForm'

export default function FeedbackPage() {
  return (
    <PageLayout route='feedback'>
      <FeedbackForm />
    </PageLayout>
  )
}
