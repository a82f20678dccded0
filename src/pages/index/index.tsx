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
      <EventGate>{(event, fresh, { unreachable, reload }) => <Entry event={event} fresh={fresh} unreachable={unreachable} reload={reload} />}</EventGate>
    </PageLayout>
  )
}

interface EntryProps {
  event: EventInfo
  fresh: boolean
  /** the stored copy is all there is: the event could not be loaded (offline) */
  unreachable: boolean
  reload: () => void
}

function Entry({ event, fresh, unreachable, reload }: EntryProps) {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token)
  useEffect(() => {
    // decide on the fresh event only: a stored copy may be of a site closed since the last visit
    if (!fresh) return
    void redirectTo(entryDestination(event, token, Date.now()))
  }, [event, fresh, token])
  // where to go is decided on the fresh event only: offline, the attendee is told and can try again
  if (unreachable) return <Notice text={t('index.offline')} action={{ label: t('common.retry'), onClick: reload }} />
  return <Notice icon='…' text={t('index.loadingEvent')} />
}
