import { PageLayout } from '@/ui/PageLayout'
import { ToBePaid } from '@/features/train/components/ToBePaid'

export default function TrainToBePaidPage() {
  return (
    <PageLayout route='trainToBePaid'>
      <ToBePaid />
    </PageLayout>
  )
}
