import { Text, View } from '@tarojs/components'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/money'
import { insuranceUnitFenOf, movedByChange } from '../model/orderDetails'

/** the order's passengers: each one's ticket status and number, the flight a change moved it to, document, mobile and insurance */
export function OrderDetailsPassengers({ order }: { order: AirOrderView }) {
  const { t } = useI18n()
  const insuranceUnitFen = insuranceUnitFenOf(order)
  return (
    <View className='air-card air-details__passengers'>
      <Text className='air-section-title'>{t('air.reserve.passengers')}</Text>
      {order.passengers.map((p) => (
        <View key={p.passengerId} className='air-ticket__passenger air-details__passenger'>
          <View className='air-row'>
            <Text className='air-ticket__name'>
              {p.name}
              <Text className={`air-tag air-tag--${p.passengerType}`}>{t(`air.reserve.type.${p.passengerType}`)}</Text>
            </Text>
            <Text className={`air-ticket-status air-ticket-status--${p.ticketStatus}`}>{t(`air.details.ticketStatus.${p.ticketStatus}`)}</Text>
          </View>
          {p.ticketNo && <Text className='air-ticket__no air-details__line'>{`${t('air.ticket.ticketNo')} ${p.ticketNo}`}</Text>}
          {movedByChange(order, p) && (
            <Text className='air-muted air-details__line'>
              {t('air.details.nowOn', { flight: `${p.segment.flightNo} ${p.segment.date} ${p.segment.dep.time.slice(11, 16)}`, cabin: p.cabinCode })}
            </Text>
          )}
          <Text className='air-muted air-details__line'>
            {[
              `${t(`air.doc.${p.documentType}`)} ${p.documentNumberMasked}`,
              p.mobileMasked,
              p.insurance ? t('air.details.insured', { amount: formatYuan(insuranceUnitFen) }) : t('air.details.notInsured'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </View>
      ))}
    </View>
  )
}
