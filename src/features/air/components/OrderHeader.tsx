import { Text, View } from '@tarojs/components'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/money'
import { FlightSummary } from './FlightSummary'
import './air.scss'

/** the order's code, status, flight and total: the top of the pay and ticket pages */
export function OrderHeader({ order }: { order: AirOrderView }) {
  const { t } = useI18n()
  return (
    <View className='air-card air-order-head'>
      <View className='air-row'>
        <Text className='air-muted air-order-head__code'>{t('air.pay.orderCode', { code: order.orderCode })}</Text>
        <Text className={`air-status air-status--${order.status}`}>{t(`air.status.${order.status}`)}</Text>
      </View>
      <FlightSummary
        flight={order.flight}
        extra={`${t(`air.cabin.class.${order.cabinClass}`)} ${order.cabinCode} · ${t('air.pay.passengersCount', { n: order.passengers.length })}`}
      />
      <View className='air-row air-order-head__total'>
        <Text className='air-muted'>{order.status === 'toBePaid' ? t('air.pay.amount') : t('air.reserve.total')}</Text>
        <Text className='air-bottombar__amount'>{formatYuan(order.price.totalFen)}</Text>
      </View>
    </View>
  )
}
