import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import type { ChangeResult } from '@contracts/calls/train/change'
import { useI18n } from '../i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { isMissingRecord } from '@/lib/request'
import { fetchChange, refreshChangeQuietly } from '../api/after-sales'
import { useBackoffPolling } from '../hooks/useBackoffPolling'
import { afterSalesPollDelay, differenceOf } from '../model/after-sales'
import { formatYuan, seatPlace } from '../model/format'
import { DifferenceLines } from './DifferenceLines'
import { ChangeRoute } from './ChangeRoute'
import { Section } from './Section'
import './ChangeTickets.scss'

/**
 * succeededInreSigning: the change as the railway answers it (changeOrderInfo/get): being
 * processed (asked again quietly, less and less often, not while hidden), changed with the new
 * seats and tickets, or refused (tickets as before, any difference paid given back); what was
 * paid or what comes back.
 */
export function SucceededReSigning() {
  const { t } = useI18n()
  const { params } = useRouter()
  const changeId = Number(params.changeId) > 0 ? Number(params.changeId) : null
  const first = useQuery<ChangeResult>(changeId ? `train:change:${changeId}` : null, () => fetchChange(changeId as number))
  const [latest, setLatest] = useState<ChangeResult | null>(null)
  const r = latest ?? first.data
  useBackoffPolling(() => refreshChangeQuietly(changeId as number).then(setLatest), afterSalesPollDelay, !!changeId && r?.change.state === 'processing')

  // an address without a change id, or a change that is not this attendee's: nothing to retry
  if (!changeId || (!r && isMissingRecord(first.error))) return <OrderMissing />
  if (first.status === 'error' && !r) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: first.retry }} />
  if (!r) return null
  const c = r.change
  const d = differenceOf(c.differenceFen)
  const money =
    d.kind === 'pay'
      ? t(c.paidAt ? 'train.resigned.paid' : 'train.resigned.unpaid', { amount: formatYuan(d.amountFen), payer: t(`train.refund.to.${c.payer}`) })
      : d.kind === 'refund'
        ? t(c.surplus?.state === 'refunded' ? 'train.resigned.surplusBack' : 'train.resigned.surplusComing', {
            amount: formatYuan(d.amountFen),
            payer: t(`train.refund.to.${c.payer}`),
          })
        : t('train.resigned.noDifference')

  return (
    <View className={`resigned resigned--${c.state}`}>
      <View className='resigned__state'>
        <Text className={`resigned__icon is-${c.state}`}>{c.state === 'done' ? '✓' : c.state === 'processing' ? '…' : '!'}</Text>
        <Text className='resigned__title'>{t(`train.resigned.state.${c.state}`)}</Text>
        {c.failureText && <Text className='resigned__hint'>{c.failureText}</Text>}
        <Text className='resigned__hint'>{money}</Text>
      </View>
      <Section title={t('train.resigned.route')}>
        <ChangeRoute change={c} />
      </Section>
      <Section title={t('train.resigned.tickets')}>
        {c.tickets.map((tk) => (
          <View key={tk.passengerId} className='resigned__ticket'>
            <Text className='resigned__name'>
              {tk.name} · {t(`train.passengerType.${tk.passengerType}`)}
            </Text>
            <Text className='resigned__seat'>
              {seatPlace(t, tk.carriage, tk.seatNo) ?? t('train.order.seatAfterIssue')}
              {tk.newTicketNo ? ` · ${t('train.issue.ticketNo')} ${tk.newTicketNo}` : ''}
            </Text>
          </View>
        ))}
      </Section>
      <Section title={t('train.resigned.money')}>
        <DifferenceLines quote={c} settled={c.state !== 'toPay'} />
        <Text className='resigned__hint'>
          {t(`train.change.causes.${c.cause}`)}
          {c.causeText ? `: ${c.causeText}` : ''}
        </Text>
      </Section>
      <View className='change-tickets__actions'>
        <Button className='resigned__orders' onClick={() => void redirectTo('trainMyOrder')}>
          {t('train.resigned.myOrders')}
        </Button>
        {c.state === 'toPay' ? (
          <Button type='primary' className='resigned__pay' onClick={() => void redirectTo('trainTicketChanges', { orderId: c.orderId, changeId: c.id })}>
            {t('train.orders.action.pay')}
          </Button>
        ) : (
          <Button type='primary' className='resigned__order' onClick={() => void redirectTo('trainOrderDetails', { orderId: c.orderId })}>
            {t('train.resigned.viewOrder')}
          </Button>
        )}
      </View>
    </View>
  )
}
