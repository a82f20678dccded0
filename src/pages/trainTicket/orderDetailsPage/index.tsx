import { PageLayout } from '@/ui/PageLayout'

export default function TrainOrderDetailsPage() {
  return <PageLayout route='trainOrderDetails' />
}
