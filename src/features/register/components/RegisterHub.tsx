/**
 * /register: the event's registration entrance. Shows the results of registrations this device
 * submitted (spec §4: success, failure, under audit, each with its next step), and the attendee
 * types to start a new registration with.
 */
import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { RegistrationResult } from '@contracts/calls/register'
import { useI18n, type MessageKey } from '../i18n'
import { navigateTo, reLaunch } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchOverview, fetchResults } from '../api/register'
import './RegistrationForm.scss'
import { pressable } from '@/ui/pressable'

const STATUS_TITLE: Record<RegistrationResult['status'], MessageKey> = {
  approved: 'register.result.approved',
  auditing: 'register.result.auditing',
  rejected: 'register.result.rejected',
}
const STATUS_TEXT: Record<RegistrationResult['status'], MessageKey> = {
  approved: 'register.result.approvedText',
  auditing: 'register.result.auditingText',
  rejected: 'register.result.rejectedText',
}
const STATUS_ICON = { approved: '✓', auditing: '…', rejected: '✕' } as const

export function RegisterHub({ eventCode, highlight }: { eventCode: string; highlight?: string }) {
  const { t, lang } = useI18n()
  const mine = useAppStore((s) => s.registrations[eventCode]) ?? []
  const overview = useQuery(`register-overview:${eventCode}`, () => fetchOverview(eventCode))
  const results = useQuery(mine.length ? `register-results:${eventCode}:${mine.join(',')}` : null, () => fetchResults(eventCode, mine))

  if (overview.status === 'error') return <Notice text={t('common.requestFailed')} action={{ label: t('common.retry'), onClick: overview.retry }} />
  if (!overview.data) return <View className='reg-form__loading'>{t('common.loading')}</View>
  const o = overview.data
  const shown = (results.data ?? []).sort((a, b) => (a.contactCode === highlight ? -1 : b.contactCode === highlight ? 1 : 0))

  return (
    <View className='reg-hub'>
      {shown.length > 0 && (
        <View className='reg-section reg-results'>
          <Text className='reg-section__title'>{t('register.result.title')}</Text>
          {shown.map((r) => (
            <View key={r.contactCode} className={`reg-result reg-result--${r.status}`} aria-live='polite'>
              <Text className='reg-result__icon'>{STATUS_ICON[r.status]}</Text>
              <Text className='reg-result__title'>{t(STATUS_TITLE[r.status])}</Text>
              <Text className='reg-result__text'>{t(STATUS_TEXT[r.status])}</Text>
              <Text className='reg-result__code'>{t('register.result.code', { code: r.contactCode })}</Text>
              {r.status === 'approved' && (
                <Button type='primary' className='reg-result__next' onClick={() => void reLaunch('login')}>
                  {t('register.result.goLogin')}
                </Button>
              )}
              {r.status === 'auditing' && (
                <Button className='reg-result__next' onClick={results.retry}>
                  {t('register.result.refresh')}
                </Button>
              )}
            </View>
          ))}
        </View>
      )}

      {!o.open ? (
        <Notice text={t('register.closed')} />
      ) : (
        <View className='reg-section reg-types'>
          <Text className='reg-section__title'>{t('register.chooseType')}</Text>
          {o.types.map((type) => (
            <View key={type.code} className={`reg-type reg-type--${type.code}`} {...pressable(() => void navigateTo('form', { type: type.code }))}>
              <Text className='reg-type__label'>{lang === 'en' ? type.labelEn : type.labelZh}</Text>
              {type.audit && <Text className='reg-type__audit'>{t('register.audited')}</Text>}
              <Text className='reg-type__go'>{t('register.start')} ›</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
