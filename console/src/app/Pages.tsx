/** Which page an address shows; the pages beyond the event list load when first opened. */
import { lazy, Suspense } from 'react'
import { Spin } from 'antd'
import { usePath } from '../lib/router'
import { useT } from '../lib/i18n'
import { EventListPage } from '../events/EventListPage'

const EventFormPage = lazy(() => import('../events/EventFormPage').then((m) => ({ default: m.EventFormPage })))
const AuditPage = lazy(() => import('../audit/AuditPage').then((m) => ({ default: m.AuditPage })))
const TeamPage = lazy(() => import('../team/TeamPage').then((m) => ({ default: m.TeamPage })))
const ContentPage = lazy(() => import('../content/ContentPage').then((m) => ({ default: m.ContentPage })))
const TravelPage = lazy(() => import('../travel/TravelPage').then((m) => ({ default: m.TravelPage })))
const AccountPage = lazy(() => import('../account/AccountPage').then((m) => ({ default: m.AccountPage })))

function Page({ path }: { path: string }) {
  const [pathname, query = ''] = path.split('?')
  if (pathname === '/events/new') return <EventFormPage />
  const team = /^\/events\/([^/]+)\/team$/.exec(pathname)
  if (team) return <TeamPage eventCode={decodeURIComponent(team[1])} />
  const content = /^\/events\/([^/]+)\/content$/.exec(pathname)
  if (content) return <ContentPage eventCode={decodeURIComponent(content[1])} />
  const travel = /^\/events\/([^/]+)\/travel$/.exec(pathname)
  if (travel) return <TravelPage eventCode={decodeURIComponent(travel[1])} />
  const edit = /^\/events\/([^/]+)$/.exec(pathname)
  if (edit) return <EventFormPage eventCode={decodeURIComponent(edit[1])} />
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
