import { useEffect } from 'react'
import { useI18n } from '@/lib/i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'
import { useCurrentEvent } from '@/features/event/hooks/useCurrentEvent'
import { entryDestination } from '@/features/event/model/entry'

/** Entry (spec §2): reads ehc/ec, loads the event and sends the attendee where the event says. */
export default function IndexPage() {
  return (
    <PageLayout route='index' back={false}>
      <Entry />
    </PageLayout>
  )
}

function Entry() {
  const { t } = useI18n()
  const { load, reload } = useCurrentEvent()
  const token = useAppStore((s) => s.token)

  useEffect(() => {
    // decide on the fresh event only: a stored copy may be of a site closed since the last visit
    if (load.state !== 'ready' || !load.fresh) return
    const { event } = load
    void redirectTo(entryDestination(event, token, Date.now()), { ehc: event.eventHashCode, ec: event.eventCode })
  }, [load, token])

  if (load.state === 'missing') return <Notice text={t('index.noEvent')} />
  if (load.state === 'notFound') return <Notice text={t('index.eventNotFound')} />
  if (load.state === 'failed') return <Notice text={t('index.loadFailed')} action={{ label: t('common.retry'), onClick: reload }} />
  return <Notice icon='…' text={t('index.loadingEvent')} />
}
