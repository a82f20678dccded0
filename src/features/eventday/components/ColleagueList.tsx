import { Text, View } from '@tarojs/components'
import { useI18n, type MessageKey } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchColleagues } from '../api'
import './eventday.scss'

const ROLES = ['attendee', 'vip', 'speaker', 'staff']

/** the attendee's colleagues at the event: names and roles only, as the server gives them */
export function ColleagueList() {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token)
  const q = useQuery(token ? `colleagues:${token}` : null, fetchColleagues)
  const list = q.data ?? []
  return (
    <View className='ed-card colleague-list'>
      <Text className='ed-card__title'>{t('eventday.home.colleaguesTitle')}</Text>
      {q.status === 'success' && list.length === 0 && <Text className='ed-muted'>{t('eventday.home.noColleagues')}</Text>}
      {list.map((c, i) => (
        <View key={`${c.name}-${i}`} className='colleague-list__row'>
          <Text className='colleague-list__name'>
            {c.name}
            {c.isMe ? ` (${t('eventday.home.me')})` : ''}
          </Text>
          <Text className='colleague-list__role'>{t(`eventday.roles.${ROLES.includes(c.role) ? c.role : 'other'}` as MessageKey)}</Text>
        </View>
      ))}
    </View>
  )
}
