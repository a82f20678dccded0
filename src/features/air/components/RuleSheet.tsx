import { Text, View } from '@tarojs/components'
import type { FlightRef, RuleTerm } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { fetchRule } from '../api/flights'
import { pick } from '../model/format'
import { LoadState } from './LoadState'
import { Sheet } from './Sheet'
import './air.scss'

/** a cabin's fare rule: refund and change by the windows of spec §9 (7 days, 2 hours), baggage */
export function RuleSheet({ flight, cabinCode, onClose }: { flight: FlightRef; cabinCode: string; onClose: () => void }) {
  const { t, lang } = useI18n()
  const rule = useQuery(`air:rule:${flight.date}:${flight.flightNo}:${cabinCode}`, () => fetchRule(flight, cabinCode))
  const term = (x: RuleTerm) => (!x.allowed ? t('air.rule.notAllowed') : x.feePercent === 0 ? t('air.rule.free') : t('air.rule.fee', { n: x.feePercent }))
  return (
    <Sheet title={`${t('air.rule.title')} · ${cabinCode}`} onClose={onClose}>
      <LoadState query={rule} failText={t('air.rule.loadFailed')}>
        {(r) => (
          <View className='air-rule'>
            <View className='air-rule__table'>
              <View className='air-rule__row air-rule__row--head'>
                <Text className='air-rule__window' />
                <Text className='air-rule__cell'>{t('air.rule.refund')}</Text>
                <Text className='air-rule__cell'>{t('air.rule.change')}</Text>
              </View>
              {r.refund.map((refund, i) => (
                <View className='air-rule__row' key={refund.window}>
                  <Text className='air-rule__window'>{t(`air.rule.window.${refund.window}`)}</Text>
                  <Text className='air-rule__cell'>{term(refund)}</Text>
                  <Text className='air-rule__cell'>{r.change[i] ? term(r.change[i]) : ''}</Text>
                </View>
              ))}
            </View>
            <Text className='air-rule__line'>{t('air.rule.endorseLine', { text: r.endorsable ? t('air.rule.endorsable') : t('air.rule.notEndorsable') })}</Text>
            <Text className='air-rule__line'>
              {t('air.rule.baggageLine', {
                carryOn: t('air.rule.carryOn', { pieces: r.carryOnPieces, kg: r.carryOnKg }),
                checked: r.checkedPieces > 0 ? t('air.rule.checked', { pieces: r.checkedPieces, kg: r.checkedKg }) : t('air.rule.checkedNone'),
              })}
            </Text>
            {pick(lang, r.notesZh, r.notesEn) && <Text className='air-rule__line air-muted'>{pick(lang, r.notesZh, r.notesEn)}</Text>}
          </View>
        )}
      </LoadState>
    </Sheet>
  )
}
