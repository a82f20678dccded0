import { useRouter } from '@tarojs/taro'
import { OrderDetails } from '@/features/air/components/OrderDetails'
import { OrderGate, orderIdOf } from '@/features/air/components/OrderGate'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { useOrderActions } from '@/features/air/hooks/useOrderActions'
import { PROCESSING_POLL_MS, isProcessing } from '@/features/air/model/processing'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

const processing = (o: { status: Parameters<typeof isProcessing>[0] }) => isProcessing(o.status)

export default function AirOrderDetailsPage() {
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const live = useLiveOrder(orderId, processing, PROCESSING_POLL_MS)
  const actions = useOrderActions(live.order, live.replace)
  return (
    <PageLayout route='airOrderDetails' navRight={<LanguageSwitch />}>
      <OrderGate orderId={orderId} order={live.order} failed={live.failed} missing={live.missing} retry={live.reload}>
        {(order) => <OrderDetails order={order} busy={actions.busy} onAction={actions.run} />}
      </OrderGate>
    </PageLayout>
  )
}
