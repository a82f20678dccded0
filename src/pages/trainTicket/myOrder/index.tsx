import { PageLayout } from '@/ui/PageLayout'
import { MyOrders } from '@/features/train/components/MyOrders'

export default function TrainMyOrderPage() {
  return (
    <PageLayout route='trainMyOrder' className='train-fill'>
      <MyOrders />
    </PageLayout>
  )
}
