import { Text, View } from '@tarojs/components'
import type { RebookCabinView, RebookFlightView } from '@contracts/calls/flight/change'
import type { AirChangeForm } from '../hooks/useChangeForm'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/money'
import { FlightTimes } from './FlightTimes'
import { pressable } from '@/ui/pressable'

/** fee and fare difference of a cabin chosen for the change, with what is due, or (a lower fare) what comes back */
export function ChangeCost({ cabin }: { cabin: Pick<RebookCabinView, 'feeFen' | 'fareDiffFen' | 'dueFen' | 'backFen'> }) {
  const { t } = useI18n()
  return (
    <View className='air-change-cost'>
      <View className='air-row'>
        <Text className='air-muted'>{t('air.after.changeFee')}</Text>
        <Text className='air-change-cost__fee'>{formatYuan(cabin.feeFen)}</Text>
      </View>
      <View className='air-row'>
        <Text className='air-muted'>{t('air.after.fareDifference')}</Text>
        <Text className='air-change-cost__diff'>{formatYuan(cabin.fareDiffFen)}</Text>
      </View>
      <View className='air-row air-change-cost__due'>
        <Text>{t('air.after.changeTotal')}</Text>
        <Text className='air-change-cost__amount'>{cabin.dueFen > 0 ? formatYuan(cabin.dueFen) : t('air.after.changeFree')}</Text>
      </View>
      {cabin.backFen > 0 && (
        <View className='air-row air-change-cost__due'>
          <Text>{t('air.after.changeBack')}</Text>
          <Text className='air-change-cost__back'>{formatYuan(cabin.backFen)}</Text>
        </View>
      )}
      {cabin.backFen > 0 && <Text className='air-muted air-change-cost__note'>{t('air.after.changeBackNote')}</Text>}
    </View>
  )
}

/** one flight of the rebook list with its cabins, each with what the change would cost */
function RebookRow({ item, chosen, onChoose }: { item: RebookFlightView; chosen: string; onChoose: (cabin: RebookCabinView) => void }) {
  const { t } = useI18n()
  const f = item.flight
  return (
    <View className={`air-rebook ${item.cabins.length === 0 ? 'is-unavailable' : ''}`}>
      <Text className='air-muted air-rebook__flight'>
        {f.flightNo} · {f.aircraftType}
      </Text>
      <FlightTimes flight={f} />
      {item.cabins.length === 0 && <Text className='air-muted'>{t('air.list.soldOut')}</Text>}
      {item.cabins.map((c) => {
        const on = chosen === `${f.flightNo}/${c.cabinCode}`
        return (
          <View key={c.cabinCode} className={`air-rebook__cabin ${on ? 'is-on' : ''}`} {...pressable(() => onChoose(c), { role: 'radio', checked: on })}>
            <Text className={`air-check ${on ? 'is-on' : ''}`}>{on ? '✓' : ''}</Text>
            <View className='air-rebook__cabin-body'>
              <Text>
                {t(`air.cabin.class.${c.cabinClass}`)} {c.cabinCode} · {t('air.cabin.seatsLeft', { n: c.seatsLeft })}
              </Text>
              <Text className='air-muted'>{t('air.after.costLine', { fee: formatYuan(c.feeFen), diff: formatYuan(c.fareDiffFen) })}</Text>
            </View>
            <Text className={`air-rebook__due ${c.backFen > 0 ? 'is-back' : ''}`}>
              {c.dueFen > 0
                ? formatYuan(c.dueFen)
                : c.backFen > 0
                  ? t('air.after.changeBackShort', { amount: formatYuan(c.backFen) })
                  : t('air.after.changeFree')}
            </Text>
          </View>
        )
      })}
    </View>
  )
}

/** the flights the change may go to (findRebookList), revealed a page at a time, with the cabin chosen */
export function ChangeFlights({ form }: { form: AirChangeForm }) {
  const { t } = useI18n()
  const { rebookKey, rebook, flights, shown, draft, choose, problemText } = form
  return (
    <View className={`air-card air-change__flights ${problemText('flight') ? 'has-problem' : ''}`}>
      <Text className='air-section-title'>{t('air.after.newFlight')}</Text>
      {!rebookKey && <Text className='air-muted'>{t('air.after.rebookFirst')}</Text>}
      {rebookKey && rebook.status === 'loading' && !rebook.data && <Text className='air-muted'>{t('common.loading')}</Text>}
      {rebookKey && rebook.status === 'error' && (
        <View className='air-row'>
          <Text className='air-problem'>{t('air.after.rebookFailed')}</Text>
          <Text className='air-link' {...pressable(rebook.retry)}>
            {t('common.retry')}
          </Text>
        </View>
      )}
      {rebook.data && !rebook.data.changeAllowed && <Text className='air-warn'>{t('air.after.changeNotAllowed')}</Text>}
      {rebook.data && rebook.data.changeAllowed && flights.length === 0 && <Text className='air-muted air-change__none'>{t('air.after.noRebook')}</Text>}
      {flights.slice(0, shown).map((item) => (
        <RebookRow
          key={item.flight.flightNo}
          item={item}
          chosen={`${draft.flightNo}/${draft.cabinCode}`}
          onChoose={(c) => choose(item.flight.flightNo, c.cabinCode)}
        />
      ))}
      {problemText('flight') && <Text className='air-problem'>{problemText('flight')}</Text>}
    </View>
  )
}
