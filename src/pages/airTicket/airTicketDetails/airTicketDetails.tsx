import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { TicketDetails } from '@/features/air/components/TicketDetails'
import { useOrderUntilSettled } from '@/features/air/hooks/useOrderUntilSettled'
import { useI18n } from '@/lib/i18n'
import { navigateTo, reLaunch, redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'

export default function AirTicketDetailsPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const id = Number(params.orderId)
  const orderId = Number.isInteger(id) && id > 0 ? id : null
  const { order, failed, retry } = useOrderUntilSettled(orderId)
  return (
    <PageLayout route='airTicketDetails'>
      {orderId === null || (failed && !order) ? (
        <Notice text={t('air.pay.loadFailed')} action={orderId === null ? undefined : { label: t('common.retry'), onClick: retry }} />
      ) : (
        order ? (
          <TicketDetails order={order} onPay={() => void redirectTo('airPay', { orderId: order.orderId })} onBookAnother={() => void reLaunch('airInquiry')} onDetails={() => void navigateTo('airOrderDetails', { orderId: order.orderId })} />
        ) : (
          <View className='air-loading'>{t('common.loading')}</View>
        )
      )}
    </PageLayout>
  )
}
