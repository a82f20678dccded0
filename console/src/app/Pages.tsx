/** Which page an address shows. */
import { usePath } from '../lib/router'
import { EventListPage } from '../events/EventListPage'
import { EventFormPage } from '../events/EventFormPage'
import { AuditPage } from '../audit/AuditPage'
import { AccountPage } from '../account/AccountPage'

export function Pages() {
  const path = usePath()
  const [pathname, query = ''] = path.split('?')
  if (pathname === '/events/new') return <EventFormPage />
  const edit = /^\/events\/([^/]+)$/.exec(pathname)
  if (edit) return <EventFormPage eventCode={decodeURIComponent(edit[1])} />
  if (pathname === '/audit') return <AuditPage eventCode={new URLSearchParams(query).get('event') ?? undefined} />
  if (pathname === '/account') return <AccountPage />
  return <EventListPage />
}
