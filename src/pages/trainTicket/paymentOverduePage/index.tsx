import { PageLayout } from '@/ui/PageLayout'
import { PaymentOverdue } from '@/features/train/components/PaymentOverdue'

export default function TrainPaymentOverduePage() {
  return (
    <PageLayout route='trainPaymentOverdue'>
      <PaymentOverdue />
    </PageLayout>
  )
}
