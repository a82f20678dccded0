import { PageLayout } from '@/ui/PageLayout'

export default function TrainPaymentOverduePage() {
  return <PageLayout route='trainPaymentOverdue' />
}
