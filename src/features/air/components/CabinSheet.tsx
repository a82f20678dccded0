import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import type { CabinView, FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { fetchCabins, refOf } from '../api/flights'
import { fetchStandard } from '../api/policy'
import { pick } from '../model/format'
import { formatYuan, yuan } from '../model/money'
import { FlightSummary } from './FlightSummary'
import { LoadState } from './LoadState'
import { RuleSheet } from './RuleSheet'
import { Sheet } from './Sheet'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  flight: FlightView
  onBook: (cabin: CabinView) => void
  onClose: () => void
}

/** a cabin may be booked unless the event's policy refuses it outright */
export const cabinBlocked = (c: CabinView): boolean => !c.policy.withinPolicy && c.policy.overPolicy === 'block'

/** the cabins of a flight, cheapest first, with their fares, rules and the travel policy's mark */
export function CabinSheet({ flight, onBook, onClose }: Props) {
  const { t, lang } = useI18n()
  const cabins = useQuery(`air:cabins:${flight.date}:${flight.flightNo}:${flight.depAirport}`, () => fetchCabins(refOf(flight)))
  const [rulesOf, setRulesOf] = useState<string | null>(null)
  const standard = useQuery(`air:standard:${lang}`, fetchStandard)
  const s = standard.data?.flight
  const standardText = s
    ? [
        t('air.cabin.standard', { classes: s.cabinClasses.map((c) => t(`air.cabin.class.${c}`)).join(t('common.listSeparator')) }),
        s.maxDiscountPercent !== null ? t('air.cabin.standardDiscount', { n: lang === 'zh' ? s.maxDiscountPercent / 10 : s.maxDiscountPercent }) : '',
        s.maxPriceFen !== null ? t('air.cabin.standardPrice', { amount: yuan(s.maxPriceFen) }) : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : ''
  const taxes = (c: CabinView) => c.adult.taxFen + c.adult.fuelFeeFen + c.adult.constructionFeeFen
  return (
    <Sheet title={t('air.cabin.title')} onClose={onClose} size='full'>
      <FlightSummary flight={flight} />
      {standardText && <Text className='air-muted air-cabins__standard'>{standardText}</Text>}
      <LoadState query={cabins} failText={t('air.list.loadFailed')}>
        {(list) =>
          list.cabins.length === 0 ? (
            <View className='air-empty'>{t('air.cabin.none')}</View>
          ) : (
            <View className='air-cabins'>
              {list.cabins.map((c) => (
                <View key={c.cabinCode} className={`air-cabin air-cabin--${c.cabinCode}`}>
                  <View className='air-cabin__head'>
                    <Text className='air-cabin__class'>
                      {t(`air.cabin.class.${c.cabinClass}`)} {c.cabinCode}
                    </Text>
                    <Text className='air-muted'>
                      {c.discount === 100
                        ? t('air.list.fullFare')
                        : c.discount < 100
                          ? t('air.list.discount', { n: lang === 'zh' ? c.discount / 10 : c.discount })
                          : ''}
                    </Text>
                    <Text className='air-cabin__price'>{formatYuan(c.adult.fareFen)}</Text>
                  </View>
                  <View className='air-cabin__meta'>
                    <Text className='air-muted'>{t('air.cabin.taxes', { amount: yuan(taxes(c)) })}</Text>
                    <Text className='air-muted'>{c.checkedBaggageKg > 0 ? t('air.cabin.baggage', { kg: c.checkedBaggageKg }) : t('air.cabin.noBaggage')}</Text>
                    {c.seatsLeft < 9 && <Text className='air-warn'>{t('air.cabin.seatsLeft', { n: c.seatsLeft })}</Text>}
                  </View>
                  <Text className='air-muted air-cabin__rule'>{pick(lang, c.ruleSummaryZh, c.ruleSummaryEn)}</Text>
                  <View className={`air-policy ${c.policy.withinPolicy ? 'is-ok' : 'is-out'}`}>
                    <Text>
                      {c.policy.withinPolicy
                        ? t('air.cabin.within')
                        : c.policy.overPolicy === 'block'
                          ? t('air.cabin.outsideBlocked')
                          : t('air.cabin.outsideReason')}
                    </Text>
                    {c.policy.breaches.map((b) => (
                      <Text key={b.rule} className='air-policy__breach'>
                        {b.text}
                      </Text>
                    ))}
                  </View>
                  <View className='air-row air-cabin__actions'>
                    <View className='air-link' {...pressable(() => setRulesOf(c.cabinCode))}>
                      {t('air.cabin.rules')}
                    </View>
                    <Button type='primary' size='small' className='air-cabin__book' disabled={cabinBlocked(c)} onClick={() => onBook(c)}>
                      {t('air.cabin.book')}
                    </Button>
                  </View>
                </View>
              ))}
            </View>
          )
        }
      </LoadState>
      {rulesOf && <RuleSheet flight={refOf(flight)} cabinCode={rulesOf} onClose={() => setRulesOf(null)} />}
    </Sheet>
  )
}
