import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { OrderDetails } from '@/features/air/components/OrderDetails'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { useOrderActions } from '@/features/air/hooks/useOrderActions'
import { PROCESSING_POLL_MS, isProcessing } from '@/features/air/model/processing'
import { useI18n } from '@/lib/i18n'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'

const processing = (o: { status: Parameters<typeof isProcessing>[0] }) => isProcessing(o.status)

export default function AirOrderDetailsPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const id = Number(params.orderId)
  const orderId = Number.isInteger(id) && id > 0 ? id : null
  const live = useLiveOrder(orderId, processing, PROCESSING_POLL_MS)
  const actions = useOrderActions(live.order, live.replace)
  return (
    <PageLayout route='airOrderDetails'>
      {orderId === null || (live.failed && !live.order) ? (
        <Notice text={t('air.details.loadFailed')} action={orderId === null ? undefined : { label: t('common.retry'), onClick: live.reload }} />
      ) : live.order ? (
        <OrderDetails order={live.order} busy={actions.busy} onAction={actions.run} />
      ) : (
        <View className='air-loading'>{t('common.loading')}</View>
      )}
    </PageLayout>
  )
}
