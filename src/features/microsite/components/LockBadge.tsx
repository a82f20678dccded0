import { Text } from '@tarojs/components'
import type { Access } from '@contracts/microsite'
import { useI18n } from '@/lib/i18n'

/** on a tile whose page the attendee may not open yet: why (tapping it still leads to login or the permissions page) */
export function LockBadge({ access }: { access: Access | null }) {
  const { t } = useI18n()
  if (!access || access === 'allow') return null
  return <Text className={`ms-lock ms-lock--${access}`}>{t(access === 'login' ? 'microsite.lockedLogin' : 'microsite.lockedType')}</Text>
}
