import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { RefundForm } from '@/features/air/components/RefundForm'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { useI18n } from '@/lib/i18n'
import { redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'

const never = () => false
const NO_POLL: number[] = []
const toOrder = (orderId: number) => void redirectTo('airOrderDetails', { orderId })

export default function AirDishonoredBillPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const id = Number(params.orderId)
  const orderId = Number.isInteger(id) && id > 0 ? id : null
  const { order, failed, reload } = useLiveOrder(orderId, never, NO_POLL)
  return (
    <PageLayout route='airDishonoredBill'>
      {orderId === null || (failed && !order) ? (
        <Notice text={t('air.details.loadFailed')} action={orderId === null ? undefined : { label: t('common.retry'), onClick: reload }} />
      ) : !order ? (
        <View className='air-loading'>{t('common.loading')}</View>
      ) : order.actions.includes('refund') ? (
        <RefundForm order={order} onRequested={(o) => toOrder(o.orderId)} />
      ) : (
        // refunded already, in a change, not ticketed…: the order page says where it stands
        <Notice text={t('air.after.notRefundable')} action={{ label: t('air.after.viewOrder'), onClick: () => toOrder(order.orderId) }} />
      )}
    </PageLayout>
  )
}
