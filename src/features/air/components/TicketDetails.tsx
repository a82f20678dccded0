import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { fetchNotices } from '../api/flights'
import { isTicketing } from '../api/orders'
import { yuan } from '../model/money'
import { CheckInAdvice } from './CheckInAdvice'
import { OrderHeader } from './OrderHeader'
import { PriceBreakdown } from './PriceBreakdown'
import { TravelNotices } from './TravelNotices'
import './air.scss'

interface Props {
  order: AirOrderView
  onPay: () => void
  onBookAnother: () => void
  /** the order details page (refund, change, the whole timeline) */
  onDetails: () => void
}

/** airTicketDetails: the order after paying: ticketing, tickets drawn (numbers) or failed issue */
export function TicketDetails({ order, onPay, onBookAnother, onDetails }: Props) {
  const { t } = useI18n()
  const f = order.flight
  const notices = useQuery(`air:notices:${f.date}:${f.depAirport}:${f.arrAirport}`, () => fetchNotices(f.depAirport, f.arrAirport, f.date))
  const ticketing = isTicketing(order)
  return (
    <View className='air-ticket'>
      <OrderHeader order={order} />
      {ticketing && (
        <View className='air-banner air-banner--info' role='status'>
          <Text className='air-banner__title'>{t('air.ticket.waiting')}</Text>
          <Text className='air-muted'>{t('air.ticket.waitingHint')}</Text>
        </View>
      )}
      {order.status === 'ticketed' && (
        <View className='air-banner air-banner--ok' role='status'>
          <Text className='air-banner__title'>{t('air.ticket.drawn')}</Text>
          <Text className='air-muted'>{t('air.ticket.invoice')}</Text>
        </View>
      )}
      {order.status === 'issueFailed' && (
        <View className='air-banner air-banner--bad' role='status'>
          <Text className='air-banner__title'>{t('air.ticket.failed')}</Text>
          {order.refundedFen > 0 && <Text>{t('air.ticket.refunded', { amount: yuan(order.refundedFen) })}</Text>}
        </View>
      )}
      {order.status === 'toBePaid' && (
        <Button type='primary' className='air-ticket__pay' onClick={onPay}>
          {t('air.ticket.toPay')}
        </Button>
      )}
      <TravelNotices notices={notices.data ?? []} />
      <View className='air-card air-ticket__passengers'>
        <Text className='air-section-title'>{t('air.reserve.passengers')}</Text>
        {order.passengers.map((p) => (
          <View key={p.passengerId} className='air-ticket__passenger'>
            <View className='air-row'>
              <Text className='air-ticket__name'>
                {p.name}
                <Text className={`air-tag air-tag--${p.passengerType}`}>{t(`air.reserve.type.${p.passengerType}`)}</Text>
              </Text>
              <Text className={p.ticketNo ? 'air-ticket__no' : 'air-muted'}>
                {p.ticketNo ? `${t('air.ticket.ticketNo')} ${p.ticketNo}` : t('air.ticket.noTicketYet')}
              </Text>
            </View>
            <Text className='air-muted'>
              {t(`air.doc.${p.documentType}`)} {p.documentNumberMasked}
              {p.insurance ? ` · ${t('air.reserve.line.insurance')}` : ''}
            </Text>
          </View>
        ))}
      </View>
      <View className='air-card'>
        <Text className='air-section-title'>{t('air.reserve.price')}</Text>
        <PriceBreakdown price={order.price} />
        {order.paidBy && (
          <Text className='air-muted'>
            {t(`air.ticket.paidBy.${order.paidBy}`)}
            {order.paidAt ? ` · ${t('air.ticket.paidAt')} ${order.paidAt.slice(0, 16).replace('T', ' ')}` : ''}
          </Text>
        )}
      </View>
      <View className='air-card'>
        <Text className='air-section-title'>{t('air.ticket.contact')}</Text>
        <Text className='air-muted'>
          {order.contact.name} {order.contact.mobileMasked} {order.contact.email}
        </Text>
      </View>
      {!['issueFailed', 'cancelled', 'refunded'].includes(order.status) && <CheckInAdvice advice={order.checkIn} />}
      {!ticketing && order.status !== 'toBePaid' && (
        <Button type='primary' className='air-ticket__details' onClick={onDetails}>
          {t('air.ticket.details')}
        </Button>
      )}
      {!ticketing && order.status !== 'toBePaid' && (
        <Button className='air-ticket__again' onClick={onBookAnother}>
          {t('air.ticket.bookAnother')}
        </Button>
      )}
    </View>
  )
}
