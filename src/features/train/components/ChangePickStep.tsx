import { Input, Picker, Text, View } from '@tarojs/components'
import { useCallback, useMemo, useState } from 'react'
import type { Station, StationRef } from '@contracts/calls/train/search'
import { TRAIN_CHANGE_TYPES } from '@contracts/train'
import { toast } from '@/lib/feedback'
import type { ChangeForm } from '../hooks/useChangeTickets'
import { useStationSearch } from '../hooks/useStationSearch'
import { useI18n } from '../i18n'
import { childAlone, passengersAllowed } from '../model/after-sales'
import { changeBlockOf } from '../model/change'
import { formatYuan } from '../model/format'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { Section } from './Section'
import { pressable } from '@/ui/pressable'

/** the change form's first step: the tickets to change (those that may not, with why), the kind of change, the date and new station */
export function ChangePickStep({ form }: { form: ChangeForm }) {
  const { t } = useI18n()
  const { order, selected, toggle, changeType, setChangeType, date, setDate, newTo, setNewTo, preSale } = form
  const allowed = passengersAllowed(order, 'change').map((p) => p.id)
  const dateRange = preSale ? { start: preSale.today, end: preSale.lastDate, today: preSale.today } : null
  return (
    <>
      <Section title={t('train.change.pickTickets')}>
        {order.passengers.map((p) => {
          const block = changeBlockOf(p)
          const on = selected.includes(p.id)
          return (
            <View
              key={p.id}
              className={`change-tickets__passenger ${block ? 'is-blocked' : ''}`}
              {...pressable(() => (block ? toast(t(block)) : allowed.includes(p.id) && toggle(p.id)), {
                role: 'checkbox',
                label: p.name,
                checked: on,
                disabled: !!block,
              })}
            >
              <View className={`change-tickets__check ${on ? 'is-checked' : ''}`}>{on ? '✓' : ''}</View>
              <View className='change-tickets__who'>
                <Text className='change-tickets__name'>
                  {p.name} · {t(`train.passengerType.${p.passengerType}`)}
                </Text>
                {block && <Text className='change-tickets__why'>{t(block)}</Text>}
              </View>
              <Text className='change-tickets__price'>¥{formatYuan(p.changedTo?.priceFen ?? p.ticketPriceFen)}</Text>
            </View>
          )
        })}
        {childAlone(order, selected) && <Text className='change-tickets__why'>{t('train.change.blocked.childAlone')}</Text>}
      </Section>
      <Section title={t('train.change.type')}>
        <View className='change-tickets__chips'>
          {TRAIN_CHANGE_TYPES.map((c) => (
            <View
              key={c}
              className={`change-tickets__chip ${changeType === c ? 'is-on' : ''}`}
              {...pressable(() => setChangeType(c), { role: 'radio', checked: changeType === c })}
            >
              {t(`train.change.types.${c}`)}
            </View>
          ))}
        </View>
        {changeType === 'destination' && <Text className='change-tickets__why'>{t('train.change.destinationNote')}</Text>}
        {dateRange && (
          <Picker mode='date' value={date} start={dateRange.start} end={dateRange.end} onChange={(e) => setDate(String(e.detail.value))}>
            <View className='change-tickets__field' {...pressable(undefined)}>
              <Text className='change-tickets__label'>{t('train.change.newDate')}</Text>
              <DateLabel className='change-tickets__value' date={date} today={dateRange.today} />
            </View>
          </Picker>
        )}
        {changeType === 'destination' && <StationField value={newTo} exclude={order.to.code} onPick={setNewTo} />}
      </Section>
    </>
  )
}

/** the new arrival station of a destination change: typed and picked from the server's matches */
function StationField({ value, exclude, onPick }: { value: StationRef | null; exclude: string; onPick: (s: StationRef | null) => void }) {
  const { t, lang } = useI18n()
  const [typed, setTyped] = useState('')
  const notTheOld = useCallback((list: Station[]) => list.filter((s) => s.code !== exclude).slice(0, 8), [exclude])
  const [picked, setPicked] = useState(false)
  const found = useStationSearch(picked ? '' : typed, notTheOld) ?? []
  const shown = useMemo(() => (value ? stationName(value, lang) : ''), [value, lang])
  return (
    <View className='change-tickets__station'>
      <View className='change-tickets__field'>
        <Text className='change-tickets__label'>{t('train.change.newTo')}</Text>
        <Input
          className='change-tickets__input'
          value={typed || shown}
          placeholder={t('train.city.searchPlaceholder')}
          onInput={(e) => {
            setTyped(e.detail.value)
            setPicked(false)
            onPick(null)
          }}
        />
      </View>
      {found.map((s) => (
        <Text
          key={s.code}
          className='change-tickets__match'
          {...pressable(() => {
            onPick({ code: s.code, name: s.name, nameEn: s.nameEn })
            setTyped('')
            setPicked(true)
          })}
        >
          {stationName(s, lang)}
        </Text>
      ))}
    </View>
  )
}
