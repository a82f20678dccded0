import { Text, View } from '@tarojs/components'
import type { OrderTickets, TrainOrderView } from '@contracts/calls/train/orders'
import { useI18n } from '../i18n'
import { ticketNowOf } from '../model/after-sales'
import { formatYuan, seatPlace } from '../model/format'
import { Section } from './Section'

/** the order's passengers, each with the ticket they hold now (its seat, number and price), and the contact */
export function OrderDetailsPassengers({ order: o, tickets }: { order: TrainOrderView; tickets: OrderTickets | undefined }) {
  const { t } = useI18n()
  return (
    <Section title={t('train.reserve.passengers')}>
      {o.passengers.map((p) => {
        const now = ticketNowOf(
          o,
          p,
          tickets?.tickets.find((tk) => tk.passengerId === p.id),
        )
        return (
          <View key={p.id} className='order-details__passenger'>
            <View className='order-details__who'>
              <Text className='order-summary__name'>
                {p.name} <Text className='order-summary__tag'>{t(`train.passengerType.${p.passengerType}`)}</Text>
                {p.ticketState !== 'unissued' && (
                  <Text className={`order-details__ticket-state is-${p.ticketState}`}>{t(`train.order.ticketState.${p.ticketState}`)}</Text>
                )}
              </Text>
              <Text className='order-summary__sub'>
                {t(`train.document.${p.documentType}`)} {p.documentNumberMasked}
              </Text>
              {p.changedTo && (
                <Text className='order-summary__sub order-details__changed-to'>
                  {t('train.order.changedTo', { train: p.changedTo.trainNo, date: p.changedTo.date, seat: t(`train.seat.${p.changedTo.seatType}`) })}
                </Text>
              )}
              {now.ticketNo && (
                <Text className='order-summary__sub'>
                  {t('train.issue.ticketNo')} {now.ticketNo}
                </Text>
              )}
            </View>
            <View className='order-details__seat'>
              <Text className='order-details__seat-type'>{t(`train.seat.${now.seatType}`)}</Text>
              {now.carriage ? (
                <Text className='order-details__seat-no'>
                  {seatPlace(t, now.carriage, now.seatNo)}
                  {now.position ? ` · ${t(`train.seating.${now.position}`)}` : ''}
                </Text>
              ) : (
                <Text className='order-details__seat-no is-pending'>{t('train.order.seatAfterIssue')}</Text>
              )}
              <Text className='order-details__price'>¥{formatYuan(now.priceFen)}</Text>
            </View>
          </View>
        )
      })}
      <Text className='order-summary__contact'>
        {t('train.pay.contact')} {o.contactName} {o.contactMobile}
      </Text>
    </Section>
  )
}
