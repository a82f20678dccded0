import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import type { AirOrderAction } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { dateTime } from '../model/format'
import { formatYuan } from '../model/money'
import { isProcessing } from '../model/processing'
import { AfterSaleRecords } from './AfterSaleRecords'
import { CheckInAdvice } from './CheckInAdvice'
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

/** the actions that end or undo something are plain buttons; the ones that go forward are primary */
const PRIMARY: readonly AirOrderAction[] = ['pay', 'payChange', 'change']

/**
 * airOrderDetails: everything of one air order (flight, passengers and tickets, amounts, contact,
 * insurance, the spec §4 status, refunds and changes, what happened when) and exactly the actions
 * the server says its status allows (AirOrderView.actions, from the state machine).
 */
export function OrderDetails({ order, busy, onAction }: Props) {
  const { t } = useI18n()
  const actions = order.actions
  const insuranceUnitFen = order.price.lines.find((l) => l.kind === 'insurance')?.unitFen ?? 0
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
            {(p.segment.flightNo !== order.flight.flightNo || p.segment.date !== order.flight.date) && (
              <Text className='air-muted air-details__line'>{t('air.details.nowOn', { flight: `${p.segment.flightNo} ${p.segment.date} ${p.segment.dep.time.slice(11, 16)}`, cabin: p.cabinCode })}</Text>
            )}
            <Text className='air-muted air-details__line'>
              {[`${t(`air.doc.${p.documentType}`)} ${p.documentNumberMasked}`, p.mobileMasked, p.insurance ? t('air.details.insured', { amount: formatYuan(insuranceUnitFen) }) : t('air.details.notInsured')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </View>
        ))}
      </View>

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

      {!order.ended && order.checkIn.closesAt && Date.parse(order.checkIn.closesAt) > Date.now() && <CheckInAdvice advice={order.checkIn} />}

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
              <AtButton
                key={a}
                className={`air-details__action air-details__action--${a} ${busy === a ? 'is-busy' : ''}`}
                type={PRIMARY.includes(a) ? 'primary' : 'secondary'}
                size='small'
                disabled={busy !== null}
                onClick={() => onAction(a)}
              >
                {busy === a ? t('air.details.sending') : t(`air.details.action.${a}`)}
              </AtButton>
            ))}
          </View>
        </>
      )}
    </View>
  )
}
