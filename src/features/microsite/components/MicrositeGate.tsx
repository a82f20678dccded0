import type { ReactNode } from 'react'
import type { MicrositeView } from '@contracts/calls/microsite'
import { useI18n } from '@/lib/i18n'
import { RequestError } from '@/lib/request'
import { Notice } from '@/ui/Notice'
import { useMicrosite } from '../hooks/useMicrosite'
import { redirectFor } from '../model/access'

/**
 * Every microsite page renders inside this: its children get the microsite once the server says
 * it is open to the caller; a closed microsite, a guest where login is needed or a wrong attendee
 * type are sent on (useMicrosite) and see only "loading" meanwhile.
 */
export function MicrositeGate({ children }: { children: (site: MicrositeView) => ReactNode }) {
  const { t } = useI18n()
  const q = useMicrosite()
  if (q.status === 'idle') return <Notice text={t('index.noEvent')} />
  if (q.status === 'error') {
    const missing = q.error instanceof RequestError && q.error.msgId === 'EEVT1001'
    return missing ? <Notice text={t('index.eventNotFound')} /> : <LoadFailed retry={q.retry} />
  }
  if (q.status === 'success' && q.data && !redirectFor(q.data)) return <>{children(q.data)}</>
  return <Loading />
}

export function Loading() {
  const { t } = useI18n()
  return <Notice icon='…' text={t('microsite.loading')} />
}

export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useI18n()
  return <Notice text={t('microsite.loadFailed')} action={{ label: t('common.retry'), onClick: retry }} />
}
