import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { createWeChatPayment, fetchOrder, payByCompany, payStateOf, pollOrder } from '@/features/air/api/orders'
import { LoadState } from '@/features/air/components/LoadState'
import { OrderHeader } from '@/features/air/components/OrderHeader'
import { PayDeadline } from '@/features/air/components/PayDeadline'
import { formatYuan } from '@/features/air/model/money'
import { CompanyPayButton } from '@/features/payment/components/CompanyPayButton'
import { WeChatPayPanel } from '@/features/payment/components/WeChatPayPanel'
import { useWeChatPay } from '@/features/payment/hooks/useWeChatPay'
import { TRADE_TYPE } from '@/features/payment/model/channel'
import { useI18n } from '@/features/air/i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

const toTicket = (orderId: number) => void redirectTo('airTicketDetails', { orderId })

/** the order's two ways to pay: the company's account, or the attendee by WeChat Pay */
function PayOrder({ order }: { order: AirOrderView }) {
  const { t } = useI18n()
  const amountText = formatYuan(order.price.totalFen)
  const wechat = useWeChatPay({
    prepare: async (channel, idempotencyKey, payer) => {
      const r = await createWeChatPayment(order.orderId, TRADE_TYPE[channel], payer, idempotencyKey)
      if (r.jsapi) return { kind: 'jsapi', params: r.jsapi }
      return { kind: 'qrCode', codeUrl: r.codeUrl }
    },
    readState: async () => payStateOf(await pollOrder(order.orderId)),
    deadline: order.payDeadline ? Date.parse(order.payDeadline) : null,
    onPaid: () => toTicket(order.orderId),
  })
  return (
    <View className='air-pay'>
      <OrderHeader order={order} />
      {order.payDeadline && <PayDeadline deadline={order.payDeadline} />}
      <View className='air-card air-pay__methods'>
        <Text className='air-section-title'>{t('air.pay.methods')}</Text>
        {order.payMethods.includes('company') && (
          <View className='air-pay__method air-pay__method--company'>
            <Text className='air-muted'>{t('air.pay.companyNote')}</Text>
            <CompanyPayButton
              amountText={amountText}
              // not while a WeChat payment is open: one order is paid one way
              disabled={!wechat.canStart}
              pay={(key) => payByCompany(order.orderId, key)}
              onPaid={() => toTicket(order.orderId)}
            />
          </View>
        )}
        {order.payMethods.includes('wechat') && (
          <View className='air-pay__method air-pay__method--wechat'>
            <Text className='air-muted'>{t('air.pay.wechatNote')}</Text>
            <WeChatPayPanel pay={wechat} amountText={amountText} />
          </View>
        )}
      </View>
    </View>
  )
}

export default function AirPayPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const orderId = Number(params.orderId)
  const order = useQuery(Number.isInteger(orderId) && orderId > 0 ? `air:order:${orderId}` : null, () => fetchOrder(orderId))
  // an order already paid (a reload after paying, a second tab) goes on to its ticket
  const paid = order.data && payStateOf(order.data) === 'paid'
  useEffect(() => {
    if (paid) toTicket(orderId)
  }, [paid, orderId])
  return (
    <PageLayout route='airPay' navRight={<LanguageSwitch />}>
      {order.status === 'idle' ? (
        <Notice text={t('air.pay.loadFailed')} />
      ) : (
        <LoadState query={order} failText={t('air.pay.loadFailed')}>
          {(o) =>
            o.status === 'toBePaid' ? (
              <PayOrder order={o} />
            ) : (
              <View>
                <OrderHeader order={o} />
                <Notice text={t('air.pay.notPayable')} action={{ label: t('air.pay.viewOrder'), onClick: () => toTicket(o.orderId) }} />
              </View>
            )
          }
        </LoadState>
      )}
    </PageLayout>
  )
}
