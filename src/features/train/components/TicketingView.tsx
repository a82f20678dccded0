import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { useEffect, useState } from 'react'
import type { OrderTickets, TrainOrderView } from '@contracts/calls/train/orders'
import { useI18n } from '../i18n'
import { RequestError, isMissingRecord } from '@/lib/request'
import { navigateTo, reLaunch, redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { askTicketing, fetchTickets } from '../api/orders'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { usePolling } from '../hooks/usePolling'
import { formatYuan } from '../model/format'
import { OrderAmounts } from './OrderSummary'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './TicketingView.scss'

/** how often "ticketing in progress" asks the railway's answer (askOrderTicket) */
const TICKETING_POLL_MS = 3000

/**
 * ticketsissuedPage: ticketing in progress (askOrderTicket until the railway answers), then the
 * tickets (order number, pickup number, carriage, seat, amounts) or the failed-to-issue state with
 * its refund.
 */
export function TicketingView() {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const first = useOrder(orderId)
  const [latest, setLatest] = useState<TrainOrderView | null>(null)
  const o = latest ?? first.data
  usePolling(
    () => {
      if (!orderId) return
      askTicketing(orderId).then(setLatest, (e: unknown) => {
        if (!(e instanceof RequestError)) throw e
      })
    },
    TICKETING_POLL_MS,
    o?.status === 'ticketing',
  )
  const tickets = useQuery<OrderTickets>(o?.status === 'issued' && orderId ? `train:tickets:${orderId}` : null, () => fetchTickets(orderId as number))
  // not paid (yet): the page that offers to pay
  const unpaid = o && (o.status === 'toBePaid' || o.status === 'overdue' || o.status === 'canceled')
  useEffect(() => {
    if (unpaid && orderId) void redirectTo('trainToBePaid', { orderId })
  }, [unpaid, orderId])

  if (!orderId || (!o && isMissingRecord(first.error))) return <OrderMissing />
  if (first.status === 'error' && !o) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: first.retry }} />
  if (!o || unpaid) return null

  return (
    <View className={`ticketing ticketing--${o.status}`}>
      {o.status === 'ticketing' && (
        <View className='ticketing__state'>
          <View className='ticketing__spinner' />
          <Text className='ticketing__title'>{t('train.issue.ticketing')}</Text>
          <Text className='ticketing__hint'>{t('train.issue.ticketingHint')}</Text>
        </View>
      )}
      {o.status === 'issued' && (
        <View className='ticketing__state'>
          <Text className='ticketing__icon is-ok'>✓</Text>
          <Text className='ticketing__title'>{t('train.issue.issued')}</Text>
          <Text className='ticketing__order'>
            {t('train.pay.orderNo')} {o.orderNo}
          </Text>
          {(tickets.data?.pickupNo ?? o.pickupNo) && (
            <Text className='ticketing__pickup'>
              {t('train.issue.pickupNo')} <Text className='ticketing__pickup-no'>{tickets.data?.pickupNo ?? o.pickupNo}</Text>
            </Text>
          )}
        </View>
      )}
      {o.status === 'failed' && (
        <View className='ticketing__state'>
          <Text className='ticketing__icon is-failed'>!</Text>
          <Text className='ticketing__title'>{t('train.issue.failed')}</Text>
          {o.failureText && <Text className='ticketing__hint'>{o.failureText}</Text>}
          <Text className='ticketing__hint'>{t('train.issue.failedHint')}</Text>
          {o.refund && (
            <Text className='ticketing__refund'>
              {t(o.refund.state === 'refunded' ? 'train.issue.refunded' : 'train.issue.refunding', { amount: formatYuan(o.refund.amountFen) })}
            </Text>
          )}
        </View>
      )}
      {!['ticketing', 'issued', 'failed'].includes(o.status) && (
        <View className='ticketing__state'>
          <Text className='ticketing__title'>{t(`train.status.${o.status}`)}</Text>
        </View>
      )}
      <TrainHeader train={o} />
      {o.status === 'issued' && tickets.data && (
        <Section title={t('train.reserve.passengers')}>
          {tickets.data.tickets.map((tk) => (
            <View key={tk.passengerId} className='ticketing__ticket'>
              <View className='ticketing__ticket-main'>
                <Text className='order-summary__name'>
                  {tk.name} <Text className='order-summary__tag'>{t(`train.passengerType.${tk.passengerType}`)}</Text>
                </Text>
                <Text className='order-summary__sub'>
                  {t(`train.seat.${tk.seatType}`)} · {t('train.issue.ticketNo')} {tk.ticketNo}
                </Text>
              </View>
              <View className='ticketing__seat'>
                <Text className='ticketing__carriage'>{t('train.issue.carriage', { n: tk.carriage })}</Text>
                <Text className='ticketing__seatno'>
                  {tk.seatNo || t('train.seat.noSeat')}
                  {tk.seatPosition ? ` · ${t(`train.seating.${tk.seatPosition}`)}` : ''}
                </Text>
                <Text className='ticketing__price'>¥{formatYuan(tk.priceFen)}</Text>
              </View>
            </View>
          ))}
        </Section>
      )}
      <OrderAmounts order={o} />
      <View className='ticketing__actions'>
        {o.status === 'failed' && (
          <Button
            type='primary'
            onClick={() => void navigateTo('trainTicketDetails', { trainCode: o.trainCode, date: o.date, from: o.from.code, to: o.to.code })}
          >
            {t('train.issue.bookAgain')}
          </Button>
        )}
        <Button className='ticketing__home' onClick={() => void reLaunch('trainHome')}>
          {t('train.issue.backHome')}
        </Button>
      </View>
    </View>
  )
}
