import { Text, Textarea, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useEffect, useRef, useState } from 'react'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import type { RefundEstimate } from '@contracts/calls/train/refund'
import { TRAIN_REFUND_REASONS, type TrainRefundReason } from '@contracts/train'
import { toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { estimateRefund, requestRefund } from '../api/after-sales'
import { passengersAllowed, toggleSelected } from '../model/after-sales'
import { formatYuan, wallClockOf } from '../model/format'
import { pressable } from '@/ui/pressable'
import { useDialogFocus } from '@/ui/useDialogFocus'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import './RefundSheet.scss'

/** the longest free-text reason the server takes */
const REASON_TEXT_MAX = 200

/**
 * Refund confirmation (a sheet over the order details): pick the tickets, see what the railway
 * keeps and what comes back (refundTicketOrder/estimatedRefund) BEFORE confirming, pick a reason,
 * confirm once (refundOrder/save with one idempotency key for this intent, and the estimate seen:
 * when the fee tier moved on meanwhile the server refuses and the new estimate is fetched).
 */
export function RefundSheet({ order, onClose, onDone }: { order: TrainOrderView; onClose: () => void; onDone: (o: TrainOrderView) => void }) {
  const { t } = useI18n()
  const allowed = passengersAllowed(order, 'refund')
  const ids = allowed.map((p) => p.id)
  const [selected, setSelected] = useState<number[]>(ids.length === 1 ? ids : [])
  const [estimate, setEstimate] = useState<RefundEstimate | null>(null)
  const [problem, setProblem] = useState('')
  const [reason, setReason] = useState<TrainRefundReason | null>(null)
  const [reasonText, setReasonText] = useState('')
  const [busy, setBusy] = useState(false)
  const [asked, setAsked] = useState(0)
  const dialog = useDialogFocus(t('train.refund.title'), onClose)
  const key = useRef(newIdempotencyKey())
  const seq = useRef(0)

  useEffect(() => {
    setEstimate(null)
    setProblem('')
    if (!selected.length) return
    const mine = ++seq.current
    estimateRefund({ orderId: order.id, passengerIds: selected }).then(
      (e) => mine === seq.current && setEstimate(e),
      (e: unknown) => {
        if (!(e instanceof RequestError)) throw e
        if (mine === seq.current) setProblem(e.message || t('train.common.loadFailed'))
      },
    )
  }, [order.id, selected.join(','), asked]) // eslint-disable-line react-hooks/exhaustive-deps

  const confirmRefund = async () => {
    if (!estimate || busy) return
    if (!reason) return toast(t('train.refund.pickReason'))
    if (reason === 'other' && !reasonText.trim()) return toast(t('train.refund.enterReason'))
    // in the tap, before any await: WeChat shows its prompt only then
    const asked = askSubscriptions('refund')
    setBusy(true)
    try {
      const accepted = await asked
      const r = await requestRefund({
        idempotencyKey: key.current,
        orderId: order.id,
        passengerIds: selected,
        refundType: 'voluntary',
        reason,
        reasonText: reason === 'other' ? reasonText.trim() : '',
        expectedRefundFen: estimate.estimatedRefundFen,
      })
      void keepSubscriptions('train', order.id, 'refund', accepted)
      toast(t('train.refund.requested'))
      onDone(r.order)
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // a refusal is an answer: another try is a new intent; the estimate may have moved on
      if (e.kind !== 'network') {
        key.current = newIdempotencyKey()
        setAsked((n) => n + 1)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='refund-sheet'>
      <View className='refund-sheet__mask' onClick={onClose} />
      <View className='refund-sheet__panel' {...dialog}>
        <View className='refund-sheet__head'>
          <Text className='refund-sheet__title'>{t('train.refund.title')}</Text>
          <View className='refund-sheet__close' {...pressable(onClose, { label: t('train.refund.close') })}>
            ×
          </View>
        </View>
        <Text className='refund-sheet__label'>{t('train.refund.pickTickets')}</Text>
        {allowed.map((p) => (
          <View
            key={p.id}
            className='refund-sheet__ticket'
            {...pressable(() => setSelected((s) => toggleSelected(s, p.id, ids)), { role: 'checkbox', label: p.name, checked: selected.includes(p.id) })}
          >
            <View className={`refund-sheet__check ${selected.includes(p.id) ? 'is-checked' : ''}`}>{selected.includes(p.id) ? '✓' : ''}</View>
            <Text className='refund-sheet__name'>
              {p.name} · {t(`train.passengerType.${p.passengerType}`)}
            </Text>
            <Text className='refund-sheet__price'>¥{formatYuan(p.changedTo?.priceFen ?? p.ticketPriceFen)}</Text>
          </View>
        ))}
        {problem && <Text className='refund-sheet__problem'>{problem}</Text>}
        {estimate && (
          <View className='refund-sheet__estimate'>
            {estimate.tickets.map((l) => (
              <View key={l.passengerId} className='refund-sheet__row'>
                <Text>
                  {l.name} {l.ticketNo}
                </Text>
                <Text>{t('train.refund.feeLine', { percent: l.feePercent, fee: formatYuan(l.feeFen), back: formatYuan(l.refundFen) })}</Text>
              </View>
            ))}
            <View className='refund-sheet__row'>
              <Text>{t('train.refund.count')}</Text>
              <Text>{estimate.count}</Text>
            </View>
            <View className='refund-sheet__row'>
              <Text>{t('train.refund.ticketPrice')}</Text>
              <Text>¥{formatYuan(estimate.ticketPriceFen)}</Text>
            </View>
            <View className='refund-sheet__row refund-sheet__row--fee'>
              <Text>{t('train.refund.commission')}</Text>
              <Text className='refund-sheet__fee'>-¥{formatYuan(estimate.commissionFen)}</Text>
            </View>
            <View className='refund-sheet__row refund-sheet__row--back'>
              <Text>{t('train.refund.estimated')}</Text>
              <Text className='refund-sheet__back'>¥{formatYuan(estimate.estimatedRefundFen)}</Text>
            </View>
            <Text className='refund-sheet__note'>
              {t(`train.refund.to.${estimate.to}`)} · {t('train.refund.until', { time: wallClockOf(estimate.refundableUntil) })}
            </Text>
            <Text className='refund-sheet__note'>{t('train.refund.notRefunded')}</Text>
          </View>
        )}
        <Text className='refund-sheet__label'>{t('train.refund.reason')}</Text>
        <View className='refund-sheet__reasons'>
          {TRAIN_REFUND_REASONS.map((r) => (
            <View
              key={r}
              className={`refund-sheet__reason ${reason === r ? 'is-on' : ''}`}
              {...pressable(() => setReason(r), { role: 'radio', checked: reason === r })}
            >
              {t(`train.refund.reasons.${r}`)}
            </View>
          ))}
        </View>
        {reason === 'other' && (
          <Textarea
            className='refund-sheet__text'
            value={reasonText}
            maxlength={REASON_TEXT_MAX}
            placeholder={t('train.refund.reasonPlaceholder')}
            onInput={(e) => setReasonText(e.detail.value)}
          />
        )}
        <Button type='primary' className='refund-sheet__confirm' disabled={!estimate} loading={busy} onClick={() => void confirmRefund()}>
          {estimate ? t('train.refund.confirm', { amount: formatYuan(estimate.estimatedRefundFen) }) : t('train.refund.confirmNoEstimate')}
        </Button>
      </View>
    </View>
  )
}
