import { Text, View } from '@tarojs/components'
import { useRef, useState } from 'react'
import { Button } from '@/ui/Button'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import type { RefundEstimateView } from '@contracts/calls/flight/cancel-refund'
import { confirm, toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { requestRefund } from '../api/after-sales'
import { useRefundEstimate } from '../hooks/useRefundEstimate'
import { useKeptDraft } from '../hooks/useBookingDraft'
import {
  emptyRefund,
  feeOverFare,
  intentKeys,
  problemAt,
  refundProblems,
  refundableTicket,
  routesOf,
  segmentKey,
  stillValid,
  unavailableReason,
  type RefundDraft,
} from '../model/afterSales'
import { formatYuan } from '../model/money'
import { RouteChoice, TypeReason } from './AfterSaleFields'
import { OrderHeader } from './OrderHeader'
import { PassengerChoice } from './PassengerChoice'
import { pressable } from '@/ui/pressable'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import './air.scss'

/** the estimate of spec §2 dishonoredBill: per ticket the fee (commission) and what comes back */
export function RefundEstimateCard({
  state,
  estimate,
  onRetry,
}: {
  state: 'idle' | 'loading' | 'ready' | 'failed'
  estimate: RefundEstimateView | null
  onRetry: () => void
}) {
  const { t } = useI18n()
  return (
    <View className='air-card air-estimate'>
      <Text className='air-section-title'>{t('air.after.estimate')}</Text>
      {state === 'idle' && <Text className='air-muted'>{t('air.after.estimateFirst')}</Text>}
      {state === 'loading' && <Text className='air-muted air-estimate__loading'>{t('air.after.estimating')}</Text>}
      {state === 'failed' && (
        <View className='air-row'>
          <Text className='air-problem'>{t('air.after.estimateFailed')}</Text>
          <Text className='air-link' {...pressable(onRetry)}>
            {t('common.retry')}
          </Text>
        </View>
      )}
      {state === 'ready' && estimate && (
        <View>
          {estimate.lines.map((l) => (
            <View key={l.passengerId} className={`air-estimate__line ${l.refundable ? '' : 'is-refused'}`}>
              <View className='air-row'>
                <Text className='air-estimate__name'>{l.name}</Text>
                <Text className='air-muted'>{`${t('air.after.ticketNo')} ${l.ticketNo}`}</Text>
              </View>
              <View className='air-row air-muted'>
                <Text>{t('air.after.lineFare', { fare: formatYuan(l.fareFen), percent: l.feePercent })}</Text>
                <Text>{t('air.after.lineFee', { fee: formatYuan(l.feeFen) })}</Text>
              </View>
              <View className='air-row'>
                <Text className='air-muted'>{t(`air.rule.window.${l.window}`)}</Text>
                <Text className='air-estimate__refund'>
                  {l.refundable ? formatYuan(l.refundFen) : t(`air.after.problem.${l.problem ?? 'notRefundableNow'}`)}
                </Text>
              </View>
            </View>
          ))}
          {feeOverFare(estimate) && <Text className='air-banner air-banner--bad air-estimate__non-refundable'>{t('air.after.nonRefundable')}</Text>}
          <View className='air-row air-estimate__total'>
            <Text>{t('air.after.count')}</Text>
            <Text>{t('air.after.countValue', { n: estimate.count })}</Text>
          </View>
          <View className='air-row air-estimate__total'>
            <Text>{t('air.after.commission')}</Text>
            <Text>{formatYuan(estimate.feeFen)}</Text>
          </View>
          <View className='air-row air-estimate__total air-estimate__total--amount'>
            <Text>{t('air.after.estimate')}</Text>
            <Text className='air-estimate__amount'>{formatYuan(estimate.refundFen)}</Text>
          </View>
          <Text className='air-muted'>{t('air.after.refundToNote', { to: t(`air.ticket.paidBy.${estimate.refundTo}`) })}</Text>
          {estimate.needsVerification && <Text className='air-warn air-estimate__verify'>{t('air.after.needsVerification')}</Text>}
        </View>
      )}
    </View>
  )
}

/**
 * dishonoredBill: refund some or all tickets of an order (spec §3 refund fields): route,
 * refunders (with their ticket numbers), type and reason (both required, spec §5), then the
 * estimate (count, commission, estimated amount) before confirming. One idempotency key per
 * intent; everything typed stays on screen whatever the server answers.
 */
export function RefundForm({ order, onRequested }: { order: AirOrderView; onRequested: (o: AirOrderView) => void }) {
  const { t } = useI18n()
  // kept on the device until the request succeeds: a reload mid-form loses nothing
  const kept = useKeptDraft('airAfterSalesDraft', `refund:${order.orderId}`, emptyRefund)
  const draft = stillValid(kept.draft, order, refundableTicket)
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const keyFor = useRef(intentKeys(newIdempotencyKey)).current
  const routes = routesOf(order, refundableTicket)
  const est = useRefundEstimate(order.orderId, draft.passengerIds, draft.type)
  const problems = tried ? refundProblems(draft) : []
  const problemText = (f: Parameters<typeof problemAt>[1]) => {
    const p = problemAt(problems, f)
    return p ? t(p.key, p.params) : null
  }
  const update = kept.patch

  const submit = async () => {
    if (sending) return
    setTried(true)
    const found = refundProblems(draft)
    if (found.length > 0) return toast(t(found[0].key, found[0].params))
    if (est.state !== 'ready' || !est.estimate) return toast(est.state === 'failed' ? t('air.after.estimateFailed') : t('air.after.estimating'))
    const e = est.estimate
    if (!e.refundable) return toast(feeOverFare(e) ? t('air.after.nonRefundable') : t('air.after.someNotRefundable'))
    // in the tap, before any await (the confirm too): WeChat shows its prompt only then; its answer
    // comes before the confirm, one dialog at a time
    const accepted = await askSubscriptions('refund')
    if (!(await confirm({ content: t('air.after.confirmRefund', { n: e.count, amount: formatYuan(e.refundFen), fee: formatYuan(e.feeFen) }) }))) return
    const body = {
      orderId: order.orderId,
      passengerIds: draft.passengerIds,
      type: draft.type as NonNullable<typeof e.type>,
      reason: draft.reason as Exclude<RefundDraft['reason'], ''>,
      reasonText: draft.reasonText.trim(),
      expectedRefundFen: e.refundFen,
    }
    setSending(true)
    try {
      const next = await requestRefund({ ...body, idempotencyKey: keyFor(JSON.stringify(body)) })
      void keepSubscriptions('flight', order.orderId, 'refund', accepted)
      toast(t('air.after.refundSent'))
      kept.clear()
      onRequested(next)
    } catch (err) {
      // the amount moved (a rule window passed): the new estimate is shown, the next confirm is a new intent
      if (err instanceof RequestError && err.msgId === 'EAIR1035') est.retry()
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='air-after air-refund'>
      <OrderHeader order={order} />
      <RouteChoice
        routes={routes}
        value={draft.route}
        what={t('air.after.refundWhat')}
        problem={problemText('route')}
        onChange={(route) =>
          update({
            route,
            passengerIds: draft.passengerIds.filter((id) => order.passengers.some((p) => p.passengerId === id && segmentKey(p.segment) === route)),
          })
        }
      />
      <PassengerChoice
        title={t('air.after.refunders')}
        passengers={order.passengers}
        chosen={draft.passengerIds}
        unavailable={(p) => {
          const why = unavailableReason(p, draft.route, refundableTicket)
          return why ? t(why) : null
        }}
        onChange={(passengerIds) => update({ passengerIds })}
        problem={problemText('passengers')}
      />
      <TypeReason
        title={t('air.after.reason')}
        type={draft.type}
        reason={draft.reason}
        reasonText={draft.reasonText}
        typeProblem={problemText('type')}
        reasonProblem={problemText('reason')}
        onChange={(v) => update(v)}
      />
      <RefundEstimateCard state={est.state} estimate={est.estimate} onRetry={est.retry} />
      <View className='air-bottombar__spacer' />
      <View className='air-bottombar'>
        <View className='air-bottombar__total'>
          <Text className='air-muted'>{t('air.after.estimate')} </Text>
          <Text className='air-bottombar__amount'>{est.state === 'ready' && est.estimate ? formatYuan(est.estimate.refundFen) : '—'}</Text>
        </View>
        <Button type='primary' className='air-bottombar__submit air-refund__submit' disabled={sending} onClick={() => void submit()}>
          {sending ? t('air.details.sending') : t('air.after.submitRefund')}
        </Button>
      </View>
    </View>
  )
}
