import { PageLayout } from '@/ui/PageLayout'
import { SucceededReSigning } from '@/features/train/components/SucceededReSigning'

export default function TrainSucceededInReSigningPage() {
  return (
    <PageLayout route='trainSucceededInReSigning'>
      <SucceededReSigning />
    </PageLayout>
  )
}
