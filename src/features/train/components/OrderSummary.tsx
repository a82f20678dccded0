import { Text, View } from '@tarojs/components'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import { useI18n } from '../i18n'
import { formatYuan, wallClockOf } from '../model/format'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './OrderSummary.scss'

/** the amounts of spec §3: ticket price, ticket fee, service charge, and the total */
export function OrderAmounts({ order }: { order: TrainOrderView }) {
  const { t } = useI18n()
  const row = (key: 'ticketPrice' | 'ticketFee' | 'serviceCharge' | 'total', fen: number) => (
    <View className={`order-amounts__row order-amounts__row--${key}`}>
      <Text>{t(`train.pay.${key}`)}</Text>
      <Text className='order-amounts__value'>¥{formatYuan(fen)}</Text>
    </View>
  )
  return (
    <Section title={t('train.pay.amount')} className='order-amounts'>
      {row('ticketPrice', order.amounts.ticketPriceFen)}
      {row('ticketFee', order.amounts.ticketFeeFen)}
      {row('serviceCharge', order.amounts.serviceChargeFen)}
      {row('total', order.amounts.totalFen)}
    </Section>
  )
}

/** an order as the payment pages show it: number, status, train, passengers, contact */
export function OrderSummary({ order }: { order: TrainOrderView }) {
  const { t } = useI18n()
  return (
    <View className='order-summary'>
      <View className='order-summary__head'>
        <Text className='order-summary__no'>
          {t('train.pay.orderNo')} {order.orderNo}
        </Text>
        <Text className={`order-summary__status order-summary__status--${order.status}`}>{t(`train.status.${order.status}`)}</Text>
      </View>
      <Text className='order-summary__created'>
        {t('train.pay.createdAt')} {wallClockOf(order.createdAt)}
      </Text>
      <TrainHeader train={order} />
      <Section title={t('train.reserve.passengers')}>
        {order.passengers.map((p) => (
          <View key={p.id} className='order-summary__passenger'>
            <Text className='order-summary__name'>
              {p.name} <Text className='order-summary__tag'>{t(`train.passengerType.${p.passengerType}`)}</Text>
            </Text>
            <Text className='order-summary__sub'>
              {t(`train.document.${p.documentType}`)} {p.documentNumberMasked} · {t(`train.seat.${order.seatType}`)}
              {p.seatChoice ? ` · ${p.seatChoice}` : ''} · ¥{formatYuan(p.ticketPriceFen)}
            </Text>
          </View>
        ))}
        <Text className='order-summary__contact'>
          {t('train.pay.contact')} {order.contactName} {order.contactMobile}
        </Text>
      </Section>
    </View>
  )
}
