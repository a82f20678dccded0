import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n'
import { Notice } from '@/ui/Notice'
import type { Query } from '@/lib/useQuery'
import './air.scss'

/** the data once there; "loading" before; the failure with a retry */
export function LoadState<T>({ query, failText, children }: { query: Query<T>; failText: string; children: (data: T) => ReactNode }) {
  const { t } = useI18n()
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.status === 'error') return <Notice text={failText} action={{ label: t('common.retry'), onClick: query.retry }} />
  return <View className='air-loading'>{t('common.loading')}</View>
}
