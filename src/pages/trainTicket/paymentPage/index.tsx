import { PageLayout } from '@/ui/PageLayout'
import { PaymentView } from '@/features/train/components/PaymentView'

export default function TrainPaymentPage() {
  return (
    <PageLayout route='trainPayment'>
      <PaymentView />
    </PageLayout>
  )
}
