import { Text, View } from '@tarojs/components'
import type { AirChangeView, AirRefundView } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { dateTime, routeText } from '../model/format'
import { formatYuan } from '../model/money'
import './air.scss'

/** one "label: value" line of a record */
function Field({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <View className={`air-row air-record__field ${className}`}>
      <Text className='air-muted'>{label}</Text>
      <Text className='air-record__value'>{value}</Text>
    </View>
  )
}

function RefundRecord({ r }: { r: AirRefundView }) {
  const { t, lang } = useI18n()
  const reason = r.reasonText ? t('air.after.withText', { label: t(`air.after.reasons.${r.reason}`), text: r.reasonText }) : t(`air.after.reasons.${r.reason}`)
  return (
    <View className={`air-record air-record--refund air-record--${r.state}`}>
      <View className='air-row'>
        <Text className='air-record__title'>{t('air.after.refundNo', { no: r.refundNo })}</Text>
        <Text className={`air-record__state air-record__state--${r.state}`}>{t(`air.after.refundState.${r.state}`)}</Text>
      </View>
      <Field label={t('air.after.type')} value={t(`air.after.types.${r.type}`)} />
      <Field label={t('air.after.reason')} value={reason} />
      <Field label={t('air.after.refunders')} value={r.lines.map((l) => `${l.name} ${l.ticketNo}`).join(t('air.after.listSep'))} />
      {r.lines[0] && <Field label={t('air.after.route')} value={routeText(r.lines[0].segment, lang)} />}
      <Field label={t('air.after.count')} value={t('air.after.countValue', { n: r.count })} />
      <Field label={t('air.after.commission')} value={formatYuan(r.feeFen)} />
      <Field
        label={r.state === 'refunded' ? t('air.after.refundedAmount') : t('air.after.estimate')}
        value={formatYuan(r.refundFen)}
        className='air-record__amount'
      />
      <Field label={t('air.after.refundTo')} value={t(`air.ticket.paidBy.${r.refundTo}`)} />
      <Text className='air-muted air-record__time'>
        {dateTime(r.requestedAt)}
        {r.decidedAt ? ` → ${dateTime(r.decidedAt)}` : ''}
      </Text>
      {r.rejectReason && <Text className='air-problem'>{r.rejectReason}</Text>}
    </View>
  )
}

function ChangeRecord({ c }: { c: AirChangeView }) {
  const { t } = useI18n()
  const cause = c.causeText ? t('air.after.withText', { label: t(`air.after.reasons.${c.cause}`), text: c.causeText }) : t(`air.after.reasons.${c.cause}`)
  const f = c.newFlight
  return (
    <View className={`air-record air-record--change air-record--${c.state}`}>
      <View className='air-row'>
        <Text className='air-record__title'>{t('air.after.changeNo', { no: c.changeNo })}</Text>
        <Text className={`air-record__state air-record__state--${c.state}`}>{t(`air.after.changeState.${c.state}`)}</Text>
      </View>
      <Field label={t('air.after.type')} value={t(`air.after.types.${c.type}`)} />
      <Field label={t('air.after.cause')} value={cause} />
      <Field label={t('air.after.changers')} value={c.lines.map((l) => `${l.name} ${l.ticketNo}`).join(t('air.after.listSep'))} />
      <Field label={t('air.after.newSegment')} value={`${f.flightNo} ${f.date} ${f.dep.time.slice(11, 16)}-${f.arr.time.slice(11, 16)} ${c.newCabinCode}`} />
      <Field label={t('air.after.changeFee')} value={formatYuan(c.feeFen)} />
      <Field label={t('air.after.fareDifference')} value={formatYuan(c.fareDiffFen)} />
      <Field label={t('air.after.changeTotal')} value={formatYuan(c.dueFen)} className='air-record__amount' />
      {c.backFen > 0 && <Field label={t('air.after.changeBack')} value={formatYuan(c.backFen)} className='air-record__amount air-record__back' />}
      {c.paidBy && <Field label={t('air.after.paidBy')} value={t(`air.ticket.paidBy.${c.paidBy}`)} />}
      <Text className='air-muted air-record__time'>
        {dateTime(c.requestedAt)}
        {c.decidedAt ? ` → ${dateTime(c.decidedAt)}` : ''}
      </Text>
      {c.rejectReason && <Text className='air-problem'>{c.rejectReason}</Text>}
    </View>
  )
}

/** the order's refunds and changes (spec §3 refund and change fields), newest first */
export function AfterSaleRecords({ order }: { order: AirOrderView }) {
  const { t } = useI18n()
  if (order.refunds.length === 0 && order.changes.length === 0) return null
  const items = [
    ...order.refunds.map((r) => ({ at: r.requestedAt, node: <RefundRecord key={`r${r.refundId}`} r={r} /> })),
    ...order.changes.map((c) => ({ at: c.requestedAt, node: <ChangeRecord key={`c${c.changeId}`} c={c} /> })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
  return (
    <View className='air-card air-records'>
      <Text className='air-section-title'>{t('air.after.records')}</Text>
      {items.map((i) => i.node)}
    </View>
  )
}
