import { Text, View } from '@tarojs/components'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchTravelRules } from '../api'
import { Paragraphs } from './Paragraphs'
import './eventday.scss'

/** the travel rules the event shows (/api/travel/restsShow/getDetail) */
export function TravelRulesCard() {
  const { t, lang } = useI18n()
  const token = useAppStore((s) => s.token)
  const q = useQuery(token ? `travelRules:${token}` : null, fetchTravelRules)
  const r = q.data
  const title = r ? (lang === 'en' ? r.titleEn || r.titleZh : r.titleZh || r.titleEn) : ''
  const content = r ? (lang === 'en' ? r.contentEn || r.contentZh : r.contentZh || r.contentEn) : ''
  return (
    <View className='ed-card travel-rules'>
      <Text className='ed-card__title'>{title || t('eventday.travel.rules')}</Text>
      {q.status === 'success' && !content ? <Text className='ed-muted'>{t('eventday.travel.noRules')}</Text> : <Paragraphs text={content} />}
    </View>
  )
}
