import { Text, View } from '@tarojs/components'
import { useI18n } from '../i18n'
import { useAppStore } from '@/store'
import type { TrainRecentSearch } from '@/store/trainSlice'
import { stationName } from '../model/stations'
import { pressable } from '@/ui/pressable'
import './RecentSearches.scss'

/** homePage: the last routes searched; a tap puts one back into the form */
export function RecentSearches() {
  const { t, lang } = useI18n()
  const recent = useAppStore((s) => s.trainRecent)
  const setRecent = useAppStore((s) => s.setTrainRecent)
  const setSearch = useAppStore((s) => s.setTrainSearch)
  if (!recent.length) return null
  const use = (r: TrainRecentSearch) => setSearch({ from: r.from, to: r.to })
  return (
    <View className='train-recent'>
      <View className='train-recent__head'>
        <Text>{t('train.home.recent')}</Text>
        <Text className='train-recent__clear' {...pressable(() => setRecent([]))}>
          {t('train.home.clearRecent')}
        </Text>
      </View>
      <View className='train-recent__list'>
        {recent.map((r) => (
          <View key={`${r.from.code}-${r.to.code}`} className='train-recent__item' {...pressable(() => use(r))}>
            {stationName(r.from, lang)} → {stationName(r.to, lang)}
          </View>
        ))}
      </View>
    </View>
  )
}
