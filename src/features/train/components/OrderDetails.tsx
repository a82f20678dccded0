import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { AtButton } from 'taro-ui'
import { useEffect, useState } from 'react'
import type { OrderTickets, TrainOrderView } from '@contracts/calls/train/orders'
import type { TrainOrderAction } from '@contracts/train'
import { confirm, toast } from '@/lib/feedback'
import { useI18n, type MessageKey } from '../i18n'
import { RequestError } from '@/lib/request'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { refreshOrderQuietly, removeOrder } from '../api/after-sales'
import { cancelOrder, fetchTickets } from '../api/orders'
import { useBackoffPolling } from '../hooks/useBackoffPolling'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { useShownAgain } from '../hooks/useShownAgain'
import { afterSalesPollDelay, isMoving, rebookDraftOf, reservationQueryOf } from '../model/after-sales'
import { formatYuan, seatPlace, wallClockOf } from '../model/format'
import { NoticeAccordion } from './NoticeAccordion'
import { OrderAmounts } from './OrderSummary'
import { RefundSheet } from './RefundSheet'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './OrderDetails.scss'

/** the order of the buttons at the foot of the page, most wanted first */
const ACTION_ORDER: readonly TrainOrderAction[] = ['pay', 'change', 'refund', 'rebook', 'cancel', 'remove']

/**
 * orderDetailsPage: order number, pickup number, the passengers with carriage and seat, the amounts
 * of spec §3, what happened (timeline), the reservation notes (the accordion, without its back
 * arrow) and the buttons the server's state machine allows now. While the railway works on the
 * order (ticketing, refund, change) the page asks again by itself, quietly and less and less often,
 * and not while it is hidden.
 */
export function OrderDetails() {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const order = useOrder(orderId)
  const [latest, setLatest] = useState<TrainOrderView | null>(null)
  // the newest answer is shown: a full fetch (first, or the page shown again) drops the quiet one
  useEffect(() => setLatest(null), [order.data])
  const o = latest ?? order.data
  const tickets = useQuery<OrderTickets>(o && o.pickupNo && orderId ? `train:tickets:${orderId}:${o.status}` : null, () => fetchTickets(orderId as number))
  const [busy, setBusy] = useState<TrainOrderAction | null>(null)
  const [refunding, setRefunding] = useState(false)
  const setDraft = useAppStore((s) => s.setTrainDraft)
  useShownAgain(() => order.retry())
  useBackoffPolling(() => refreshOrderQuietly(orderId as number).then(setLatest), afterSalesPollDelay, !!o && !!orderId && isMoving(o.status))

  if (!orderId || (order.status === 'error' && !o)) return <Notice text={t('train.common.loadFailed')} action={orderId ? { label: t('common.retry'), onClick: order.retry } : undefined} />
  if (!o) return null

  const reload = () => {
    setLatest(null)
    order.retry()
  }
  const run = async (a: TrainOrderAction, confirmKey: MessageKey, doIt: () => Promise<unknown>, doneKey: MessageKey) => {
    if (busy || !(await confirm({ content: t(confirmKey) }))) return false
    setBusy(a)
    try {
      await doIt()
      toast(t(doneKey))
      return true
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      return false
    } finally {
      setBusy(null)
    }
  }
  const onAction = async (a: TrainOrderAction) => {
    // a change waiting for its fare difference is paid on the change page, the order itself on paymentPage
    if (a === 'pay' && o.changeToPay) return void navigateTo('trainTicketChanges', { orderId: o.id, changeId: o.changeToPay.changeId })
    if (a === 'pay') return void navigateTo('trainPayment', { orderId: o.id })
    if (a === 'change') return void navigateTo('trainTicketChanges', { orderId: o.id })
    if (a === 'refund') return setRefunding(true)
    if (a === 'rebook') {
      // the same train again with the same travellers filled in: a new order
      setDraft(rebookDraftOf(o))
      return void navigateTo('trainOneWayReservation', reservationQueryOf(o))
    }
    if (a === 'cancel') {
      // trainCancelOrder has no loading indicator (spec §7 *): the button shows it
      if (await run('cancel', 'train.pay.cancelConfirm', () => cancelOrder(o.id), 'train.pay.canceled')) reload()
      return
    }
    if (await run('remove', 'train.orders.removeConfirm', () => removeOrder(o.id), 'train.orders.removed')) void redirectTo('trainMyOrder')
  }
  const actions = ACTION_ORDER.filter((a) => o.actions.includes(a))
  const seatOf = (passengerId: number) => tickets.data?.tickets.find((tk) => tk.passengerId === passengerId)

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
          <Text className='order-details__value order-details__pickup-no'>{tickets.data?.pickupNo ?? o.pickupNo ?? t('train.order.noPickupYet')}</Text>
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
      <Section title={t('train.reserve.passengers')}>
        {o.passengers.map((p) => {
          const tk = seatOf(p.id)
          // after a change the passenger holds the new ticket: its seat is the one to show
          const now = p.changedTo ?? tk?.changedTo ?? null
          const carriage = now ? now.carriage : (tk?.carriage ?? p.carriage)
          const seatNo = now ? now.seatNo : (tk?.seatNo ?? p.seatNo)
          const position = now ? now.seatPosition : (tk?.seatPosition ?? p.seatPosition)
          return (
            <View key={p.id} className='order-details__passenger'>
              <View className='order-details__who'>
                <Text className='order-summary__name'>
                  {p.name} <Text className='order-summary__tag'>{t(`train.passengerType.${p.passengerType}`)}</Text>
                  {p.ticketState !== 'unissued' && <Text className={`order-details__ticket-state is-${p.ticketState}`}>{t(`train.order.ticketState.${p.ticketState}`)}</Text>}
                </Text>
                <Text className='order-summary__sub'>
                  {t(`train.document.${p.documentType}`)} {p.documentNumberMasked}
                </Text>
                {p.changedTo && (
                  <Text className='order-summary__sub order-details__changed-to'>
                    {t('train.order.changedTo', { train: p.changedTo.trainNo, date: p.changedTo.date, seat: t(`train.seat.${p.changedTo.seatType}`) })}
                  </Text>
                )}
                {(now?.ticketNo ?? tk?.ticketNo ?? p.ticketNo) && (
                  <Text className='order-summary__sub'>
                    {t('train.issue.ticketNo')} {now?.ticketNo ?? tk?.ticketNo ?? p.ticketNo}
                  </Text>
                )}
              </View>
              <View className='order-details__seat'>
                <Text className='order-details__seat-type'>{t(`train.seat.${now?.seatType ?? tk?.seatType ?? o.seatType}`)}</Text>
                {carriage ? (
                  <Text className='order-details__seat-no'>
                    {seatPlace(t, carriage, seatNo)}
                    {position ? ` · ${t(`train.seating.${position}`)}` : ''}
                  </Text>
                ) : (
                  <Text className='order-details__seat-no is-pending'>{t('train.order.seatAfterIssue')}</Text>
                )}
                <Text className='order-details__price'>¥{formatYuan(now?.priceFen ?? tk?.priceFen ?? p.ticketPriceFen)}</Text>
              </View>
            </View>
          )
        })}
        <Text className='order-summary__contact'>
          {t('train.pay.contact')} {o.contactName} {o.contactMobile}
        </Text>
      </Section>
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
            <AtButton
              key={a}
              className={`order-details__action order-details__action--${a}`}
              type={a === 'pay' || a === 'change' || a === 'rebook' ? 'primary' : 'secondary'}
              loading={busy === a}
              onClick={() => void onAction(a)}
            >
              {t(`train.orders.action.${a}`)}
            </AtButton>
          ))}
        </View>
      )}
      {refunding && (
        <RefundSheet
          order={o}
          onClose={() => setRefunding(false)}
          onDone={(updated) => {
            setRefunding(false)
            setLatest(updated)
          }}
        />
      )}
    </View>
  )
}
