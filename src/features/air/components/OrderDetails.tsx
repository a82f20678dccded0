import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { AirOrderAction } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { dateTime } from '../model/format'
import { formatYuan } from '../model/money'
import { checkInStillOpen, isPrimaryAction } from '../model/orderDetails'
import { isProcessing } from '../model/processing'
import { AfterSaleRecords } from './AfterSaleRecords'
import { CheckInAdvice } from './CheckInAdvice'
import { OrderDetailsPassengers } from './OrderDetailsPassengers'
import { OrderHeader } from './OrderHeader'
import { PayDeadline } from './PayDeadline'
import { PriceBreakdown } from './PriceBreakdown'
import './air.scss'

interface Props {
  order: AirOrderView
  /** the action being sent (its button waits), or null */
  busy: AirOrderAction | null
  onAction: (action: AirOrderAction) => void
}

/**
 * airOrderDetails: everything of one air order (flight, passengers and tickets, amounts, contact,
 * insurance, the spec §4 status, refunds and changes, what happened when) and exactly the actions
 * the server says its status allows (AirOrderView.actions, from the state machine). The page holds
 * the order and the actions' state (hooks/useLiveOrder, hooks/useOrderActions).
 */
export function OrderDetails({ order, busy, onAction }: Props) {
  const { t } = useI18n()
  const actions = order.actions
  return (
    <View className='air-details'>
      <OrderHeader order={order} />
      {isProcessing(order.status) && (
        <View className='air-banner air-banner--info air-details__processing' role='status'>
          <Text className='air-banner__title'>{t(`air.details.processing.${order.status}`)}</Text>
          <Text className='air-muted'>{t('air.details.refreshing')}</Text>
        </View>
      )}
      {order.status === 'toBePaid' && order.payDeadline && <PayDeadline deadline={order.payDeadline} />}
      {order.status === 'changeToBePaid' && order.changePayDeadline && <PayDeadline deadline={order.changePayDeadline} of='change' />}
      {order.status === 'ticketed' && <Text className='air-muted air-details__cancel-note'>{t('air.details.ticketedNoCancel')}</Text>}
      {order.status === 'retrograde' && (
        <View className='air-banner air-banner--bad air-details__retrograde' role='status'>
          <Text className='air-banner__title'>{t('air.details.retrograde')}</Text>
          <Text className='air-details__retrograde-hint'>{t('air.details.retrogradeHint')}</Text>
        </View>
      )}

      <OrderDetailsPassengers order={order} />

      <View className='air-card air-details__amounts'>
        <Text className='air-section-title'>{t('air.reserve.price')}</Text>
        <PriceBreakdown price={order.price} />
        {order.paidBy && (
          <Text className='air-muted air-details__paid'>
            {t(`air.ticket.paidBy.${order.paidBy}`)}
            {order.paidAt ? ` · ${t('air.ticket.paidAt')} ${dateTime(order.paidAt)}` : ''}
          </Text>
        )}
        {order.refundedFen > 0 && <Text className='air-details__refunded'>{t('air.details.refundedTotal', { amount: formatYuan(order.refundedFen) })}</Text>}
      </View>

      <View className='air-card air-details__contact'>
        <Text className='air-section-title'>{t('air.ticket.contact')}</Text>
        <Text className='air-details__line'>
          {order.contact.name} {order.contact.mobileMasked}
        </Text>
        {order.contact.email && <Text className='air-muted air-details__line'>{order.contact.email}</Text>}
        {order.remark && <Text className='air-muted air-details__line'>{t('air.details.remark', { text: order.remark })}</Text>}
        <Text className='air-muted air-details__line'>{t('air.details.createdAt', { time: dateTime(order.createdAt) })}</Text>
      </View>

      <AfterSaleRecords order={order} />

      {checkInStillOpen(order, Date.now()) && <CheckInAdvice advice={order.checkIn} />}

      <View className='air-card air-details__timeline'>
        <Text className='air-section-title'>{t('air.details.timeline')}</Text>
        {[...order.timeline].reverse().map((e, i) => (
          <View key={`${e.status}-${e.at}`} className={`air-timeline__item ${i === 0 ? 'is-now' : ''}`}>
            <View className='air-timeline__dot' />
            <Text className='air-timeline__status'>{t(`air.status.${e.status}`)}</Text>
            <Text className='air-muted air-timeline__at'>{dateTime(e.at)}</Text>
            {e.backFen ? <Text className='air-timeline__back'>{t('air.details.timelineBack', { amount: formatYuan(e.backFen) })}</Text> : null}
          </View>
        ))}
      </View>

      {actions.length > 0 && (
        <>
          <View className='air-bottombar__spacer' />
          <View className='air-bottombar air-details__actions'>
            {actions.map((a) => (
              <Button
                key={a}
                className={`air-details__action air-details__action--${a} ${busy === a ? 'is-busy' : ''}`}
                type={isPrimaryAction(a) ? 'primary' : 'secondary'}
                size='small'
                disabled={busy !== null}
                onClick={() => onAction(a)}
              >
                {busy === a ? t('air.details.sending') : t(`air.details.action.${a}`)}
              </Button>
            ))}
          </View>
        </>
      )}
    </View>
  )
}
