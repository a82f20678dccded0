import { useEffect } from 'react'
import type { EventInfo } from '@contracts/event'
import { useI18n } from '@/lib/i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'
import { EventGate } from '@/features/event/components/EventGate'
import { entryDestination } from '@/features/event/model/entry'

/** Entry (spec §2): reads ehc/ec, loads the event and sends the attendee where the event says. */
export default function IndexPage() {
  return (
    <PageLayout route='index' back={false}>
      <EventGate>{(event, fresh) => <Entry event={event} fresh={fresh} />}</EventGate>
    </PageLayout>
  )
}

function Entry({ event, fresh }: { event: EventInfo; fresh: boolean }) {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token)
  useEffect(() => {
    // decide on the fresh event only: a stored copy may be of a site closed since the last visit
    if (!fresh) return
    void redirectTo(entryDestination(event, token, Date.now()))
  }, [event, fresh, token])
  return <Notice icon='…' text={t('index.loadingEvent')} />
}
