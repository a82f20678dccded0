import { Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useCallback, useMemo, useState } from 'react'
import type { Station, StationRef } from '@contracts/calls/train/search'
import { useI18n } from '@/lib/i18n'
import { goBack } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { VirtualList } from '@/ui/VirtualList'
import { useStationSearch } from '../hooks/useStationSearch'
import { useStationList } from '../hooks/useStations'
import { groupByCity, hotCityGroups, letterRowIndex, lettersOf, pickerRows, stationName, withinRange, type PickerRow } from '../model/stations'
import { pressable } from '@/ui/pressable'
import './fill.scss'
import './StationPicker.scss'

/** the rows' height in the scss (design px) */
const ROW_HEIGHT = 88

const refOf = (s: Station): StationRef => ({ code: s.code, name: s.name, nameEn: s.nameEn })

/**
 * chooseCity and limitCity (spec §2 city pickers): search by name, full pinyin or initials (the
 * server's queryTrainStation), hot cities first, then every city A-Z with its stations. limitCity
 * offers only the event's allowed cities (listTrainstation `limited`, from controlRule). The choice
 * goes into the store's search (`field` from/to of the address) and the picker closes.
 */
export function StationPicker({ limited }: { limited: boolean }) {
  const { t, lang } = useI18n()
  const router = useRouter()
  const field = router.params.field === 'to' ? 'to' : 'from'
  const current = useAppStore((s) => s.trainSearch[field])
  const setSearch = useAppStore((s) => s.setTrainSearch)
  const list = useStationList(limited)
  const [typed, setTyped] = useState('')
  const [jump, setJump] = useState<{ index: number; seq: number } | null>(null)

  const groups = useMemo(() => groupByCity(list.data?.stations ?? []), [list.data])
  const rows = useMemo(() => pickerRows(groups), [groups])
  const letterAt = useMemo(() => letterRowIndex(rows), [rows])
  const hot = useMemo(() => hotCityGroups(groups, list.data?.hotCities ?? []), [groups, list.data])
  const allowedCities = useMemo(() => (limited && list.data ? groups.map((g) => g.city) : null), [limited, list.data, groups])

  const keepAllowed = useCallback((stations: Station[]) => withinRange(stations, allowedCities), [allowedCities])
  const found = useStationSearch(typed, keepAllowed)

  const choose = (s: Station) => {
    setSearch({ [field]: refOf(s) })
    goBack('trainHome')
  }

  const renderRow = (row: PickerRow) => {
    if (row.kind === 'letter') return <View className='station-picker__letter'>{row.letter}</View>
    if (row.kind === 'city')
      return (
        <View className='station-picker__city' {...pressable(() => choose(row.group.stations[0]))}>
          <Text>{lang === 'en' ? row.group.cityEn || row.group.city : row.group.city}</Text>
          {row.group.stations.length > 1 && <Text className='station-picker__count'>{t('train.city.allStations')}</Text>}
        </View>
      )
    return (
      <View className={`station-picker__station ${current?.code === row.station.code ? 'is-current' : ''}`} {...pressable(() => choose(row.station))}>
        {stationName(row.station, lang)}
      </View>
    )
  }

  if (list.status === 'error' && !list.data) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: list.retry }} />

  return (
    <View className='station-picker'>
      <View className='station-picker__top'>
        <Input
          className='station-picker__search'
          value={typed}
          placeholder={t('train.city.searchPlaceholder')}
          placeholderClass='station-picker__placeholder'
          maxlength={20}
          onInput={(e) => setTyped(e.detail.value)}
        />
        {current && (
          <Text className='station-picker__current'>
            {t('train.city.current')}: {stationName(current, lang)}
          </Text>
        )}
        {limited && !typed && <Text className='station-picker__limited'>{t('train.city.limited')}</Text>}
        {!typed && hot.length > 0 && (
          <View className='station-picker__hot'>
            <Text className='station-picker__hot-title'>{t('train.city.hot')}</Text>
            <View className='station-picker__hot-grid'>
              {hot.map((g) => (
                <View key={g.city} className='station-picker__hot-city' {...pressable(() => choose(g.stations[0]))}>
                  {lang === 'en' ? g.cityEn || g.city : g.city}
                </View>
              ))}
            </View>
          </View>
        )}
      </View>
      {typed.trim() ? (
        <View className='station-picker__results'>
          {found && !found.length && <Text className='station-picker__none'>{t('train.city.noMatch')}</Text>}
          {found?.map((s) => (
            <View key={s.code} className='station-picker__result' {...pressable(() => choose(s))}>
              <Text className='station-picker__result-name'>{stationName(s, lang)}</Text>
              <Text className='station-picker__result-city'>{lang === 'en' ? s.cityNameEn : s.cityName}</Text>
            </View>
          ))}
        </View>
      ) : (
        <View className='station-picker__body'>
          <VirtualList className='station-picker__list' items={rows} rowHeight={ROW_HEIGHT} renderRow={renderRow} keyOf={rowKey} jumpTo={jump} />
          <View className='station-picker__index'>
            {lettersOf(groups).map((l) => (
              <Text key={l} className='station-picker__index-letter' {...pressable(() => setJump((j) => ({ index: letterAt[l], seq: (j?.seq ?? 0) + 1 })))}>
                {l}
              </Text>
            ))}
          </View>
        </View>
      )}
    </View>
  )
}

const rowKey = (row: PickerRow) => (row.kind === 'letter' ? `l:${row.letter}` : row.kind === 'city' ? `c:${row.group.city}` : `s:${row.station.code}`)
