import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect, useState, type ReactNode } from 'react'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import type { TravelStandard } from '@contracts/calls/travel'
import type { TrainPayer } from '@contracts/train'
import { useI18n } from '../i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { isMissingRecord } from '@/lib/request'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { fetchStandard } from '../api/travel-policy'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { useServerCountdown } from '../hooks/useServerCountdown'
import { formatYuan } from '../model/format'
// the same order of styles as ToBePaid (the mini-program's shared chunk wants one order)
import { OrderAmounts } from './OrderSummary'
import { PayDeadline } from './PayDeadline'
import { Section } from './Section'
import { pressable } from '@/ui/pressable'
import './PaymentView.scss'

/** what the page puts under the methods: the company's or WeChat's pay button (features/payment) */
export type PayAction = (p: { order: TrainOrderView; payer: TrainPayer; open: boolean; onPaid: () => void }) => ReactNode

/**
 * paymentPage: the order's amount and deadline, who pays (the event's travel standard says who
 * may: the company account, the attendee by WeChat Pay), and the page's pay button for that
 * payer. Paid, cancelled or overdue orders go to the page of that state.
 */
export function PaymentView({ payAction }: { payAction: PayAction }) {
  const { t, lang } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const token = useAppStore((s) => s.token) ?? ''
  const order = useOrder(orderId)
  const standard = useQuery<TravelStandard>(`train:standard:${token}:${lang}`, fetchStandard)
  const o = order.data
  const left = useServerCountdown(o?.status === 'toBePaid' ? o.payDeadline : null, o?.serverNow)
  const [payer, setPayer] = useState<TrainPayer | null>(null)
  const payers = standard.data?.payers
  useEffect(() => {
    if (!payer && payers?.length) setPayer(payers[0])
  }, [payer, payers])

  // no longer to be paid (paid, cancelled, overdue): the page of that state
  useEffect(() => {
    if (!o || !orderId) return
    if (o.status === 'ticketing' || o.status === 'issued' || o.status === 'failed') void redirectTo('trainTicketsIssued', { orderId })
    else if (o.status !== 'toBePaid') void redirectTo('trainToBePaid', { orderId })
  }, [o, orderId])

  if (!orderId || (!o && isMissingRecord(order.error))) return <OrderMissing />
  if (order.status === 'error' && !o) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: order.retry }} />
  if (!o || o.status !== 'toBePaid') return null

  const onPaid = () => void redirectTo('trainTicketsIssued', { orderId: o.id })
  const method = (p: TrainPayer) => (
    <View
      key={p}
      className={`payment__method payment__method--${p} ${payer === p ? 'is-on' : ''}`}
      {...pressable(() => setPayer(p), { role: 'radio', checked: payer === p })}
    >
      <View className='payment__method-text'>
        <Text className='payment__method-name'>{p === 'company' ? t('train.pay.company') : t('train.pay.wechat')}</Text>
        <Text className='payment__method-hint'>{p === 'company' ? t('train.pay.companyHint') : t('train.pay.wechatHint')}</Text>
      </View>
      <View className={`payment__radio ${payer === p ? 'is-on' : ''}`} />
    </View>
  )

  return (
    <View className='payment'>
      <PayDeadline left={left} order={o} />
      <View className='payment__amount'>
        <Text className='payment__yuan'>¥{formatYuan(o.amounts.totalFen)}</Text>
        <Text className='payment__order'>
          {t('train.pay.orderNo')} {o.orderNo} · {o.trainNo}
        </Text>
      </View>
      <OrderAmounts order={o} />
      <Section title={t('train.pay.method')}>{(payers ?? []).map(method)}</Section>
      <View className='payment__actions'>{payer && payAction({ order: o, payer, open: left > 0, onPaid })}</View>
    </View>
  )
}
