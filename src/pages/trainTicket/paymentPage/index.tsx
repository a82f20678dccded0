import { PageLayout } from '@/ui/PageLayout'

export default function TrainPaymentPage() {
  return <PageLayout route='trainPayment' />
}
