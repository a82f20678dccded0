/** Which page an address shows; the pages beyond the event list load when first opened. */
import { lazy, Suspense } from 'react'
import { Spin } from 'antd'
import { usePath } from '../lib/router'
import { useT } from '../lib/i18n'
import { EventListPage } from '../events/EventListPage'
import { EventFormPage, sectionOf } from './event-sections'

const AuditPage = lazy(() => import('../audit/AuditPage').then((m) => ({ default: m.AuditPage })))
const AccountPage = lazy(() => import('../account/AccountPage').then((m) => ({ default: m.AccountPage })))

function Page({ path }: { path: string }) {
  const [pathname, query = ''] = path.split('?')
  if (pathname === '/events/new') return <EventFormPage />
  const inEvent = sectionOf(pathname)
  if (inEvent) return <inEvent.section.page eventCode={inEvent.eventCode} />
  if (pathname === '/audit') return <AuditPage eventCode={new URLSearchParams(query).get('event') ?? undefined} />
  if (pathname === '/account') return <AccountPage />
  return <EventListPage />
}

export function Pages() {
  const path = usePath()
  const t = useT()
  return (
    <Suspense fallback={<Spin tip={t('common.loading')} />}>
      <Page path={path} />
    </Suspense>
  )
}
