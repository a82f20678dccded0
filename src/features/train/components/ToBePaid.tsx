import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { useEffect, useState } from 'react'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError, isMissingRecord } from '@/lib/request'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { cancelOrder } from '../api/orders'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { usePolling } from '../hooks/usePolling'
import { useServerCountdown } from '../hooks/useServerCountdown'
import { useShownAgain } from '../hooks/useShownAgain'
import { OrderAmounts, OrderSummary } from './OrderSummary'
import { PayDeadline } from './PayDeadline'
import './ToBePaid.scss'

/** how often an order whose deadline has passed on screen is asked again until the server has cancelled it */
const OVERDUE_POLL_MS = 5000

/**
 * tobePaid: the order saved, the countdown to the server's deadline, pay or cancel. At the
 * deadline the screen stops offering payment and asks the server until it says the order is
 * overdue (its job cancels it); then the attendee can book the same train again.
 */
export function ToBePaid() {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const order = useOrder(orderId)
  const o = order.data
  const left = useServerCountdown(o?.status === 'toBePaid' ? o.payDeadline : null, o?.serverNow)
  const [busy, setBusy] = useState(false)
  useShownAgain(() => order.retry())
  usePolling(() => order.retry(), OVERDUE_POLL_MS, o?.status === 'toBePaid' && left <= 0)

  // paid elsewhere (another tab, the payment page): ticketing is shown on its own page
  const moved = o && (o.status === 'ticketing' || o.status === 'issued' || o.status === 'failed')
  useEffect(() => {
    if (moved && orderId) void redirectTo('trainTicketsIssued', { orderId })
  }, [moved, orderId])

  if (!orderId || (!o && isMissingRecord(order.error))) return <OrderMissing />
  if (order.status === 'error' && !o) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: order.retry }} />
  if (!o || moved) return null

  const cancel = async () => {
    if (!(await confirm({ content: t('train.pay.cancelConfirm') }))) return
    setBusy(true)
    try {
      await cancelOrder(o.id)
      toast(t('train.pay.canceled'))
      order.retry()
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    } finally {
      setBusy(false)
    }
  }
  const rebook = () => void navigateTo('trainTicketDetails', { trainCode: o.trainCode, date: o.date, from: o.from.code, to: o.to.code })
  const payable = o.status === 'toBePaid' && left > 0 && o.actions.includes('pay')

  return (
    <View className='to-be-paid'>
      {(o.status === 'toBePaid' || o.status === 'overdue') && <PayDeadline left={left} order={o} />}
      <OrderSummary order={o} />
      <OrderAmounts order={o} />
      <View className='to-be-paid__actions'>
        {o.actions.includes('cancel') && o.status === 'toBePaid' && (
          <Button className='to-be-paid__cancel' loading={busy} onClick={cancel}>
            {t('train.pay.cancel')}
          </Button>
        )}
        {payable && (
          <Button type='primary' className='to-be-paid__pay' onClick={() => void navigateTo('trainPayment', { orderId: o.id })}>
            {t('train.pay.toPay')}
          </Button>
        )}
        {(o.status === 'overdue' || o.actions.includes('rebook')) && (
          <Button type='primary' className='to-be-paid__rebook' onClick={rebook}>
            {t('train.pay.rebook')}
          </Button>
        )}
      </View>
    </View>
  )
}
