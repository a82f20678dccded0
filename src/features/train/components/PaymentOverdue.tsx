import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { useEffect, useState } from 'react'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError, isMissingRecord } from '@/lib/request'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { removeOrder } from '../api/after-sales'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { rebookDraftOf, reservationQueryOf, trainOrderPageOf } from '../model/after-sales'
import { OrderAmounts, OrderSummary } from './OrderSummary'
import { pressable } from '@/ui/pressable'
import './PaymentOverdue.scss'

/**
 * paymentOverduePage: the order was not paid by its deadline and the server cancelled it (seats
 * released). One tap books the same train, segment and seat class again: the reservation opens
 * with the same travellers and contact filled in (a new order, a new idempotency key); the
 * attendee ticks the agreement and submits. The ended order can also be taken off the list.
 */
export function PaymentOverdue() {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const order = useOrder(orderId)
  const setDraft = useAppStore((s) => s.setTrainDraft)
  const [removing, setRemoving] = useState(false)
  const o = order.data

  // an order that is not (or no longer) overdue opens on its own page
  const elsewhere = o && o.status !== 'overdue' ? trainOrderPageOf(o.status) : null
  useEffect(() => {
    if (elsewhere && orderId) void redirectTo(elsewhere, { orderId })
  }, [elsewhere, orderId])

  if (!orderId || (!o && isMissingRecord(order.error))) return <OrderMissing />
  if (order.status === 'error' && !o) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: order.retry }} />
  if (!o || elsewhere) return null

  const rebook = () => {
    setDraft(rebookDraftOf(o))
    void redirectTo('trainOneWayReservation', reservationQueryOf(o))
  }
  const remove = async () => {
    if (removing || !(await confirm({ content: t('train.orders.removeConfirm') }))) return
    setRemoving(true)
    try {
      await removeOrder(o.id)
      toast(t('train.orders.removed'))
      void redirectTo('trainMyOrder')
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    } finally {
      setRemoving(false)
    }
  }

  return (
    <View className='payment-overdue'>
      <View className='payment-overdue__banner'>
        <Text className='payment-overdue__icon'>!</Text>
        <Text className='payment-overdue__title'>{t('train.status.overdue')}</Text>
        <Text className='payment-overdue__hint'>{t('train.overdue.hint')}</Text>
      </View>
      <OrderSummary order={o} />
      <OrderAmounts order={o} />
      <View className='payment-overdue__actions'>
        <Button type='primary' className='payment-overdue__rebook' onClick={rebook}>
          {t('train.overdue.rebook')}
        </Button>
        {o.actions.includes('remove') && (
          <Button className='payment-overdue__remove' loading={removing} onClick={() => void remove()}>
            {t('train.orders.action.remove')}
          </Button>
        )}
      </View>
      <Text className='payment-overdue__note' {...pressable(() => void navigateTo('trainOrderDetails', { orderId: o.id }))}>
        {t('train.overdue.details')} ›
      </Text>
    </View>
  )
}
