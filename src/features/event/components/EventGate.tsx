import type { ReactNode } from 'react'
import type { EventInfo } from '@contracts/event'
import { useI18n } from '@/lib/i18n'
import { Notice } from '@/ui/Notice'
import { useCurrentEvent } from '../hooks/useCurrentEvent'

/**
 * Renders its children with the current event once it is there, and otherwise says why not:
 * no event in the address, no such event, a failed load (with retry), still loading.
 */
export function EventGate({ children }: { children: (event: EventInfo, fresh: boolean, retry: { unreachable: boolean; reload: () => void }) => ReactNode }) {
  const { t } = useI18n()
  const { load, reload } = useCurrentEvent()
  switch (load.state) {
    case 'missing':
      return <Notice text={t('index.noEvent')} />
    case 'notFound':
      return <Notice text={t('index.eventNotFound')} />
    case 'failed':
      return <Notice text={t(load.offline ? 'index.offline' : 'index.loadFailed')} action={{ label: t('common.retry'), onClick: reload }} />
    case 'loading':
      return <Notice icon='…' text={t('index.loadingEvent')} />
    default:
      return <>{children(load.event, load.fresh, { unreachable: load.unreachable, reload })}</>
  }
}
