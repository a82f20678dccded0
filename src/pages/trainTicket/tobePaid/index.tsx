import { PageLayout } from '@/ui/PageLayout'

export default function TrainToBePaidPage() {
  return <PageLayout route='trainToBePaid' />
}
