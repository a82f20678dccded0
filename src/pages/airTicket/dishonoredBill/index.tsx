import { useRouter } from '@tarojs/taro'
import { OrderGate, orderIdOf } from '@/features/air/components/OrderGate'
import { RefundForm } from '@/features/air/components/RefundForm'
import { backToOrder } from '@/features/air/hooks/backToOrder'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { useI18n } from '@/features/air/i18n'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

const never = () => false
const NO_POLL: number[] = []

export default function AirDishonoredBillPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const orderId = orderIdOf(params)
  const live = useLiveOrder(orderId, never, NO_POLL)
  return (
    <PageLayout route='airDishonoredBill' navRight={<LanguageSwitch />}>
      <OrderGate orderId={orderId} order={live.order} failed={live.failed} missing={live.missing} retry={live.reload}>
        {(order) =>
          order.actions.includes('refund') ? (
            <RefundForm order={order} onRequested={(o) => backToOrder(o.orderId)} />
          ) : (
            // refunded already, in a change, not ticketed…: the order page says where it stands
            <Notice text={t('air.after.notRefundable')} action={{ label: t('air.after.viewOrder'), onClick: () => backToOrder(order.orderId) }} />
          )
        }
      </OrderGate>
    </PageLayout>
  )
}
