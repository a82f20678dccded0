import { Picker, Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { PreSaleDays, StationRef } from '@contracts/calls/train/search'
import { useI18n } from '../i18n'
import { useAppStore } from '@/store'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { pressable } from '@/ui/pressable'
import './TrainSearchForm.scss'

interface Props {
  preSale: PreSaleDays
  date: string
  onPick: (field: 'from' | 'to') => void
  onSearch: () => void
}

/** homePage: from and to with swap, the date inside the pre-sale period, search */
export function TrainSearchForm({ preSale, date, onPick, onSearch }: Props) {
  const { t, lang } = useI18n()
  const search = useAppStore((s) => s.trainSearch)
  const setSearch = useAppStore((s) => s.setTrainSearch)
  const end = (field: 'from' | 'to', station: StationRef | null) => (
    <View className={`train-search__station train-search__station--${field}`} {...pressable(() => onPick(field))}>
      <Text className='train-search__label'>{t(field === 'from' ? 'train.home.from' : 'train.home.to')}</Text>
      <Text className={`train-search__name ${station ? '' : 'is-empty'} ${lang === 'en' ? 'is-latin' : ''}`}>
        {station ? stationName(station, lang) : t('train.home.pickStation')}
      </Text>
    </View>
  )
  return (
    <View className='train-search'>
      <View className='train-search__route'>
        {end('from', search.from)}
        <View className='train-search__swap' {...pressable(() => setSearch({ from: search.to, to: search.from }), { label: t('train.home.swap') })}>
          ⇄
        </View>
        {end('to', search.to)}
      </View>
      <Picker mode='date' value={date} start={preSale.today} end={preSale.lastDate} onChange={(e) => setSearch({ date: String(e.detail.value) })}>
        <View className='train-search__date' {...pressable(undefined)}>
          <Text className='train-search__label'>{t('train.home.date')}</Text>
          <DateLabel className='train-search__date-value' date={date} today={preSale.today} />
        </View>
      </Picker>
      <Text className='train-search__hint'>
        {t('train.home.preSale', { days: preSale.preSaleDays })} · {t('train.home.saleHours', { opens: preSale.saleOpens, closes: preSale.saleCloses })}
      </Text>
      <Button type='primary' className='train-search__submit' onClick={onSearch}>
        {t('train.home.search')}
      </Button>
    </View>
  )
}
