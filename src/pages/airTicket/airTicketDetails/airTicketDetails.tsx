import { useRouter } from '@tarojs/taro'
import { OrderGate, orderIdOf } from '@/features/air/components/OrderGate'
import { TicketDetails } from '@/features/air/components/TicketDetails'
import { useOrderUntilSettled } from '@/features/air/hooks/useOrderUntilSettled'
import { navigateTo, reLaunch, redirectTo } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

export default function AirTicketDetailsPage() {
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const { order, failed, missing, retry } = useOrderUntilSettled(orderId)
  return (
    <PageLayout route='airTicketDetails' navRight={<LanguageSwitch />}>
      <OrderGate orderId={orderId} order={order} failed={failed} missing={missing} retry={retry}>
        {(o) => (
          <TicketDetails
            order={o}
            onPay={() => void redirectTo('airPay', { orderId: o.orderId })}
            onBookAnother={() => void reLaunch('airInquiry')}
            onDetails={() => void navigateTo('airOrderDetails', { orderId: o.orderId })}
          />
        )}
      </OrderGate>
    </PageLayout>
  )
}
