import { PageLayout } from '@/ui/PageLayout'

export default function TrainMyOrderPage() {
  return <PageLayout route='trainMyOrder' />
}
