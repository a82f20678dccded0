import { PageLayout } from '@/ui/PageLayout'
import { OrderDetails } from '@/features/train/components/OrderDetails'

export default function TrainOrderDetailsPage() {
  return (
    <PageLayout route='trainOrderDetails'>
      <OrderDetails />
    </PageLayout>
  )
}
