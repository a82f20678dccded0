/**
 * Every declared call, for the server (routes are registered from these) and for tests (every
 * declared call has a route, every /api route is declared). The client imports the module files
 * it needs (`@contracts/calls/auth`), never this index, so the mini-program carries only the
 * declarations its pages use.
 */
import type { AnyCall } from '../call'
import * as auth from './auth'
import * as event from './event'
import * as flight from './flight'
import * as eventday from './eventday'
import * as microsite from './microsite'
import * as notices from './notices'
import * as orders from './orders'
import * as reference from './reference'
import * as train from './train'
import * as travel from './travel'
import * as register from './register'
import * as adminStaff from '../admin/staff'
import * as adminEvents from '../admin/events'
import * as adminAudit from '../admin/audit'
import * as adminReview from '../admin/review'
import * as adminAttendees from '../admin/attendees'
import * as adminAttendeeIo from '../admin/attendee-io'
import * as adminContent from '../admin/content'
import * as adminTravel from '../admin/travel'
import * as adminDashboard from '../admin/dashboard'
import * as adminDesk from '../admin/desk'
import * as adminBadges from '../admin/badges'
import * as adminOrders from '../admin/orders'
import * as adminMessageLog from '../admin/message-log'
import * as adminNotices from '../admin/notices'
import * as adminReconcile from '../admin/reconcile'

const isCall = (v: unknown): v is AnyCall => typeof v === 'object' && v !== null && typeof (v as AnyCall).path === 'string' && 'auth' in v && 'loading' in v

export const CALL_MODULES = {
  auth,
  event,
  eventday,
  flight,
  microsite,
  notices,
  orders,
  reference,
  register,
  train,
  travel,
  adminStaff,
  adminEvents,
  adminAudit,
  adminReview,
  adminAttendees,
  adminAttendeeIo,
  adminContent,
  adminTravel,
  adminDashboard,
  adminDesk,
  adminBadges,
  adminOrders,
  adminMessageLog,
  adminNotices,
  adminReconcile,
}

/** every declaration, by its export name */
export const ALL_CALLS: Record<string, AnyCall> = Object.fromEntries(
  Object.values(CALL_MODULES).flatMap((m) => Object.entries(m).filter(([, v]) => isCall(v))),
) as Record<string, AnyCall>
