/** Which page an address shows; the pages beyond the event list load when first opened. */
import { lazy, Suspense } from 'react'
import { Spin } from 'antd'
import { usePath } from '../lib/router'
import { useT } from '../lib/i18n'
import { EventListPage } from '../events/EventListPage'
import { messageText } from '@contracts/messages'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { useConsole } from '../lib/store'
import { ErrorNotice } from '../lib/ErrorNotice'
import { OfflinePage } from '../lib/OfflinePage'
import { EventFormPage, sectionOf, type EventSection } from './event-sections'

const AuditPage = lazy(() => import('../audit/AuditPage').then((m) => ({ default: m.AuditPage })))
const AccountPage = lazy(() => import('../account/AccountPage').then((m) => ({ default: m.AccountPage })))

/**
 * A section the person's role there does not open says so at once, in the server's words, rather
 * than showing a page whose every call would be refused. Without a role at the event, the page's
 * own call answers (as missing, for staff of other events).
 */
function SectionPage({ eventCode, section }: { eventCode: string; section: EventSection }) {
  const may = useMay()
  const role = useEventRole(eventCode)
  const lang = useConsole((s) => s.lang)
  if (role && !may(role, section.action)) return <ErrorNotice message={messageText('ESTF2001', lang)} />
  return <section.page eventCode={eventCode} />
}

function Page({ path }: { path: string }) {
  const [pathname, query = ''] = path.split('?')
  if (pathname === '/events/new') return <EventFormPage />
  const inEvent = sectionOf(pathname)
  if (inEvent) return <SectionPage eventCode={inEvent.eventCode} section={inEvent.section} />
  if (pathname === '/audit') return <AuditPage eventCode={new URLSearchParams(query).get('event') ?? undefined} />
  if (pathname === '/account') return <AccountPage />
  return <EventListPage />
}

export function Pages() {
  const path = usePath()
  const t = useT()
  const pathname = path.split('?')[0]
  const worksOffline = !!sectionOf(pathname)?.section.offline
  return (
    // a page that failed to load is tried again at the next address (a list's query is the same page)
    <OfflinePage key={pathname} worksOffline={worksOffline}>
      <Suspense fallback={<Spin tip={t('common.loading')} />}>
        <Page path={path} />
      </Suspense>
    </OfflinePage>
  )
}
