import { ScrollView, Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState, type ReactNode } from 'react'
import type { StationRef } from '@contracts/calls/train/search'
import type { SeatType, TrainType } from '@contracts/train'
import { useI18n } from '../i18n-list'
import { DEPART_WINDOWS, NO_FILTERS, toggle, type TrainFilters } from '../model/filters'
import { stationName } from '../model/stations'
import { pressable } from '@/ui/pressable'
import { useDialogFocus } from '@/ui/useDialogFocus'
import './FilterPanel.scss'

interface Options {
  trainTypes: TrainType[]
  fromStations: StationRef[]
  toStations: StationRef[]
  seatTypes: SeatType[]
}

/** the filter sheet of the results (spec §3: departure time, station, seat type, train type) */
export function FilterPanel({
  value,
  options,
  onApply,
  onClose,
}: {
  value: TrainFilters
  options: Options
  onApply: (f: TrainFilters) => void
  onClose: () => void
}) {
  const { t, lang } = useI18n()
  const [draft, setDraft] = useState<TrainFilters>(value)
  const dialog = useDialogFocus(t('train.list.filter'), onClose)
  const chip = <K extends 'trainTypes' | 'departWindows' | 'fromStations' | 'toStations' | 'seatTypes'>(key: K, v: TrainFilters[K][number], label: string) => {
    const on = (draft[key] as readonly string[]).includes(v)
    return (
      <View
        key={`${key}-${v}`}
        className={`filter-panel__chip filter-panel__chip--${key} ${on ? 'is-on' : ''}`}
        {...pressable(() => setDraft((d) => ({ ...d, [key]: toggle(d[key] as readonly string[], v) })), { role: 'checkbox', checked: on })}
      >
        {label}
      </View>
    )
  }
  const group = (title: string, chips: ReactNode[]) =>
    chips.length ? (
      <View className='filter-panel__group'>
        <Text className='filter-panel__title'>{title}</Text>
        <View className='filter-panel__chips'>{chips}</View>
      </View>
    ) : null
  return (
    <View className='filter-panel'>
      <View className='filter-panel__mask' onClick={onClose} />
      <View className='filter-panel__sheet' {...dialog}>
        <ScrollView scrollY className='filter-panel__body'>
          <View
            className={`filter-panel__chip filter-panel__available ${draft.availableOnly ? 'is-on' : ''}`}
            {...pressable(() => setDraft((d) => ({ ...d, availableOnly: !d.availableOnly })), { role: 'checkbox', checked: draft.availableOnly })}
          >
            {t('train.list.availableOnly')}
          </View>
          {group(
            t('train.list.filterTrainType'),
            options.trainTypes.map((v) => chip('trainTypes', v, `${v} ${t(`train.trainType.${v}`)}`)),
          )}
          {group(
            t('train.list.filterDepart'),
            DEPART_WINDOWS.map((v) => chip('departWindows', v, t(`train.list.window.${v}`))),
          )}
          {group(
            t('train.list.filterSeat'),
            options.seatTypes.map((v) => chip('seatTypes', v, t(`train.seat.${v}`))),
          )}
          {options.fromStations.length > 1 &&
            group(
              t('train.list.filterFrom'),
              options.fromStations.map((s) => chip('fromStations', s.code, stationName(s, lang))),
            )}
          {options.toStations.length > 1 &&
            group(
              t('train.list.filterTo'),
              options.toStations.map((s) => chip('toStations', s.code, stationName(s, lang))),
            )}
        </ScrollView>
        <View className='filter-panel__actions'>
          <Button className='filter-panel__reset' onClick={() => setDraft(NO_FILTERS)}>
            {t('train.list.reset')}
          </Button>
          <Button type='primary' className='filter-panel__apply' onClick={() => onApply(draft)}>
            {t('train.list.apply')}
          </Button>
        </View>
      </View>
    </View>
  )
}
