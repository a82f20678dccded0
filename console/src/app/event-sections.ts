/**
 * An event's sections: each one's address under /events/<code>, its name, the action a role needs
 * to open it (contracts/admin/roles.ts) and its page, loaded when first opened. The address
 * router (Pages.tsx), the event's menu (EventNav.tsx) and the event list's links read this one table.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EventAction } from '@contracts/admin/roles'
import type { TextKey } from '../lib/i18n'

type EventPage = LazyExoticComponent<ComponentType<{ eventCode: string }>>

export interface EventSection {
  /** below /events/<code>; '' is the event's settings */
  path: string
  label: TextKey
  action: EventAction
  page: EventPage
  /**
   * opens with no network (its data kept on the phone); its files are precached by the service
   * worker, whose build names the same page (console/build/service-worker.ts PRECACHED.pages)
   */
  offline?: true
}

export const EventFormPage = lazy(() => import('../events/EventFormPage').then((m) => ({ default: m.EventFormPage })))

export const EVENT_SECTIONS: readonly EventSection[] = [
  { path: '', label: 'eventNav.settings', action: 'event.read', page: EventFormPage },
  {
    path: '/attendees',
    label: 'eventNav.attendees',
    action: 'attendee.read',
    page: lazy(() => import('../attendees/AttendeeListPage').then((m) => ({ default: m.AttendeeListPage }))),
  },
  {
    path: '/review',
    label: 'eventNav.review',
    action: 'registration.review',
    page: lazy(() => import('../review/ReviewPage').then((m) => ({ default: m.ReviewPage }))),
  },
  {
    path: '/import',
    label: 'io.link',
    action: 'attendee.edit',
    page: lazy(() => import('../attendee-io/ImportPage').then((m) => ({ default: m.ImportPage }))),
  },
  {
    path: '/content',
    label: 'content.link',
    action: 'content.edit',
    page: lazy(() => import('../content/ContentPage').then((m) => ({ default: m.ContentPage }))),
  },
  { path: '/travel', label: 'travel.link', action: 'event.read', page: lazy(() => import('../travel/TravelPage').then((m) => ({ default: m.TravelPage }))) },
  {
    path: '/dashboard',
    label: 'dashboard.link',
    action: 'dashboard.read',
    page: lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
  },
  {
    path: '/desk',
    label: 'desk.link',
    action: 'checkin.desk',
    page: lazy(() => import('../desk/DeskPage').then((m) => ({ default: m.DeskPage }))),
    offline: true,
  },
  {
    path: '/orders',
    label: 'orders.link',
    action: 'orders.read',
    page: lazy(() => import('../orders/OrdersPage').then((m) => ({ default: m.OrdersPage }))),
  },
  {
    path: '/messages',
    label: 'messages.link',
    action: 'messages.read',
    page: lazy(() => import('../messages/MessagesPage').then((m) => ({ default: m.MessagesPage }))),
  },
  { path: '/team', label: 'team.link', action: 'staff.grant', page: lazy(() => import('../team/TeamPage').then((m) => ({ default: m.TeamPage }))) },
]

const SECTION_PATH = /^\/events\/([^/?]+)(\/[^/?]+)?$/

/** the event and section an address shows, or null (the new-event form is no event's section) */
export function sectionOf(pathname: string): { eventCode: string; section: EventSection } | null {
  const m = SECTION_PATH.exec(pathname)
  if (!m || (m[1] === 'new' && !m[2])) return null
  const section = EVENT_SECTIONS.find((s) => s.path === (m[2] ?? ''))
  return section ? { eventCode: decodeURIComponent(m[1]), section } : null
}

export const sectionHref = (eventCode: string, section: EventSection) => `/events/${encodeURIComponent(eventCode)}${section.path}`
