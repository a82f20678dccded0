import { Text, Textarea, View } from '@tarojs/components'
import { AIR_AFTER_SALE_REASONS, AIR_AFTER_SALE_TYPES, type AirAfterSaleReason, type AirAfterSaleType } from '@contracts/calls/flight/after-sales'
import type { FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { dayLabel, clock, routeText } from '../model/format'
import { REASON_TEXT_MAX, segmentKey } from '../model/afterSales'
import { pressable } from '@/ui/pressable'
import './air.scss'

/** spec §3 "route": the flights the order's tickets are for, one to tick */
export function RouteChoice({
  routes,
  value,
  onChange,
  problem,
  what,
}: {
  routes: FlightView[]
  value: string
  onChange: (key: string) => void
  problem: string | null
  what: string
}) {
  const { t, lang } = useI18n()
  return (
    <View className={`air-card air-choice air-route ${problem ? 'has-problem' : ''}`}>
      <Text className='air-section-title'>{t('air.after.route')}</Text>
      <Text className='air-muted'>{t('air.after.routeHint', { what })}</Text>
      {routes.map((f) => {
        const key = segmentKey(f)
        const on = value === key
        return (
          <View key={key} className='air-choice__item air-route__item' {...pressable(() => onChange(on ? '' : key), { role: 'radio', checked: on })}>
            <Text className={`air-check ${on ? 'is-on' : ''}`}>{on ? '✓' : ''}</Text>
            <View className='air-choice__body'>
              <Text className='air-choice__name'>{routeText(f, lang)}</Text>
              <Text className='air-muted'>
                {dayLabel(f.date, lang)} {clock(f.dep.time)}-{clock(f.arr.time)}
              </Text>
            </View>
          </View>
        )
      })}
      {problem && <Text className='air-problem'>{problem}</Text>}
    </View>
  )
}

interface TypeReasonProps {
  title: string
  type: AirAfterSaleType | ''
  reason: AirAfterSaleReason | ''
  reasonText: string
  onChange: (v: { type: AirAfterSaleType | ''; reason: AirAfterSaleReason | ''; reasonText: string }) => void
  typeProblem: string | null
  reasonProblem: string | null
}

/** spec §3 refund "type" and "reason" / change "type" and "cause": both required (spec §5) */
export function TypeReason({ title, type, reason, reasonText, onChange, typeProblem, reasonProblem }: TypeReasonProps) {
  const { t } = useI18n()
  const reasons: readonly AirAfterSaleReason[] = type ? AIR_AFTER_SALE_REASONS[type] : []
  return (
    <View className={`air-card air-reason ${typeProblem || reasonProblem ? 'has-problem' : ''}`}>
      <Text className='air-section-title'>{t('air.after.type')}</Text>
      <View className='air-chips air-reason__types'>
        {AIR_AFTER_SALE_TYPES.map((x) => (
          <View
            key={x}
            className={`air-chip air-reason__type air-reason__type--${x} ${type === x ? 'is-on' : ''}`}
            // a reason of the other type does not fit: it is cleared, the attendee's words are kept
            {...pressable(() => onChange({ type: x, reason: type === x ? reason : '', reasonText }), { role: 'radio', checked: type === x })}
          >
            {t(`air.after.types.${x}`)}
          </View>
        ))}
      </View>
      {type && <Text className='air-muted air-reason__hint'>{t(`air.after.typeHint.${type}`)}</Text>}
      {typeProblem && <Text className='air-problem'>{typeProblem}</Text>}
      <Text className='air-section-title air-reason__title'>{title}</Text>
      {type ? (
        <View className='air-chips air-reason__reasons'>
          {reasons.map((r) => (
            <View
              key={r}
              className={`air-chip air-reason__reason air-reason__reason--${r} ${reason === r ? 'is-on' : ''}`}
              {...pressable(() => onChange({ type, reason: r, reasonText }), { role: 'radio', checked: reason === r })}
            >
              {t(`air.after.reasons.${r}`)}
            </View>
          ))}
        </View>
      ) : (
        <Text className='air-muted'>{t('air.after.typeFirst')}</Text>
      )}
      <Textarea
        className='air-reason__text'
        value={reasonText}
        maxlength={REASON_TEXT_MAX}
        placeholder={reason === 'other' ? t('air.after.reasonTextRequired') : t('air.after.reasonTextOptional')}
        autoHeight
        onInput={(e) => onChange({ type, reason, reasonText: e.detail.value })}
      />
      {reasonProblem && <Text className='air-problem'>{reasonProblem}</Text>}
    </View>
  )
}
