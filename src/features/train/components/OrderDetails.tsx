import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { useOrderDetails } from '../hooks/useOrderDetails'
import { useI18n, type MessageKey } from '../i18n'
import { isMoving } from '../model/after-sales'
import { formatYuan, wallClockOf } from '../model/format'
import { NoticeAccordion } from './NoticeAccordion'
import { OrderAmounts } from './OrderSummary'
import { OrderDetailsPassengers } from './OrderDetailsPassengers'
import { RefundSheet } from './RefundSheet'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './OrderDetails.scss'

/**
 * orderDetailsPage: order number, pickup number, the passengers with carriage and seat, the amounts
 * of spec §3, what happened (timeline), the reservation notes (the accordion, without its back
 * arrow) and the buttons the server's state machine allows now. While the railway works on the
 * order (ticketing, refund, change) the page asks again by itself, quietly and less and less often,
 * and not while it is hidden (hooks/useOrderDetails).
 */
export function OrderDetails() {
  const { t } = useI18n()
  const details = useOrderDetails()
  if (details.kind === 'missing') return <OrderMissing />
  if (details.kind === 'loadFailed') return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: details.retry }} />
  if (details.kind === 'loading') return null
  const { order: o, tickets, actions, busy, onAction, refunding, closeRefund, refunded } = details

  return (
    <View className='order-details'>
      <View className={`order-details__banner order-details__banner--${o.status}`}>
        <Text className='order-details__status'>{t(`train.status.${o.status}`)}</Text>
        {isMoving(o.status) && <Text className='order-details__hint'>{t('train.order.moving')}</Text>}
        {o.failureText && <Text className='order-details__hint'>{o.failureText}</Text>}
        {o.refund && (
          <Text className='order-details__hint'>
            {t(o.refund.state === 'refunded' ? 'train.issue.refunded' : 'train.issue.refunding', { amount: formatYuan(o.refund.amountFen) })} ·{' '}
            {t(`train.order.refundTo.${o.refund.to}`)}
          </Text>
        )}
      </View>
      <Section className='order-details__ids'>
        <View className='order-details__line'>
          <Text className='order-details__label'>{t('train.pay.orderNo')}</Text>
          <Text className='order-details__value order-details__order-no'>{o.orderNo}</Text>
        </View>
        <View className='order-details__line'>
          <Text className='order-details__label'>{t('train.issue.pickupNo')}</Text>
          <Text className='order-details__value order-details__pickup-no'>{tickets?.pickupNo ?? o.pickupNo ?? t('train.order.noPickupYet')}</Text>
        </View>
        <View className='order-details__line'>
          <Text className='order-details__label'>{t('train.pay.createdAt')}</Text>
          <Text className='order-details__value'>{wallClockOf(o.createdAt)}</Text>
        </View>
        {o.payer && (
          <View className='order-details__line'>
            <Text className='order-details__label'>{t('train.pay.method')}</Text>
            <Text className='order-details__value'>{t(o.payer === 'company' ? 'train.pay.company' : 'train.pay.wechat')}</Text>
          </View>
        )}
      </Section>
      <TrainHeader train={o} />
      <OrderDetailsPassengers order={o} tickets={tickets} />
      <OrderAmounts order={o} />
      <Section title={t('train.order.timeline')} className='order-details__timeline'>
        {[...o.timeline].reverse().map((ev, i) => (
          <View key={`${ev.at}-${ev.kind}-${i}`} className={`order-details__event ${i === 0 ? 'is-latest' : ''}`}>
            <View className='order-details__dot' />
            <Text className='order-details__event-text'>{t(`train.timeline.${ev.kind}` as MessageKey)}</Text>
            <Text className='order-details__event-at'>{wallClockOf(ev.at)}</Text>
          </View>
        ))}
      </Section>
      <Section title={t('train.order.notice')} className='order-details__notice'>
        <NoticeAccordion />
      </Section>
      {actions.length > 0 && (
        <View className='order-details__actions'>
          {actions.map((a) => (
            <Button
              key={a}
              className={`order-details__action order-details__action--${a}`}
              type={a === 'pay' || a === 'change' || a === 'rebook' ? 'primary' : 'secondary'}
              loading={busy === a}
              onClick={() => void onAction(a)}
            >
              {t(`train.orders.action.${a}`)}
            </Button>
          ))}
        </View>
      )}
      {refunding && <RefundSheet order={o} onClose={closeRefund} onDone={refunded} />}
    </View>
  )
}
