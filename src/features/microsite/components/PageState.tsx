import type { ReactNode } from 'react'
import { useI18n } from '@/lib/i18n'
import { Notice } from '@/ui/Notice'
import type { LoadStatus } from '../hooks/usePage'
import { LoadFailed, Loading } from './MicrositeGate'

/** a detail's content once its page is there and open to the attendee; otherwise why not */
export function PageState({ status, missing, retry, children }: { status: LoadStatus; missing: boolean; retry: () => void; children: () => ReactNode }) {
  const { t } = useI18n()
  if (missing) return <Notice text={t('microsite.notFound')} />
  if (status === 'failed') return <LoadFailed retry={retry} />
  if (status === 'loading') return <Loading />
  return <>{children()}</>
}
