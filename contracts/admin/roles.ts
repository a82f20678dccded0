/**
 * Who may do what in the organisers' console: one role per staff member per event, and the
 * platform administrator above every event. The table is data both sides read: the server refuses
 * by it (server/src/staff/access.ts requireRole), the console hides what it would refuse.
 */

export const STAFF_ROLES = ['owner', 'organiser', 'reviewer', 'checkin', 'travel'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** what a console call does to an event */
export type EventAction =
  | 'event.read'
  | 'event.edit'
  | 'event.publish'
  | 'audit.read'
  | 'staff.grant'
  | 'registration.review'
  | 'attendee.read'
  | 'attendee.edit'
  | 'content.edit'
  | 'travel.edit'
  | 'checkin.desk'
  | 'dashboard.read'
  | 'badge.print'
  | 'orders.read'
  | 'orders.act'
  | 'messages.read'
  | 'messages.send'

/** the roles allowed each action on their own event (the platform administrator may do all of them on every event) */
export const ROLE_PERMISSIONS: Record<EventAction, readonly StaffRole[]> = {
  'event.read': STAFF_ROLES,
  'event.edit': ['owner', 'organiser'],
  'event.publish': ['owner', 'organiser'],
  'audit.read': ['owner', 'organiser'],
  // an owner adds the event's other staff; only the platform administrator makes owners
  'staff.grant': ['owner'],
  // the queue of registrations under review, and the decisions on them
  'registration.review': ['owner', 'organiser', 'reviewer'],
  // the attendee list: every role looks people up (the desks, the travel desk); organisers change it
  'attendee.read': STAFF_ROLES,
  'attendee.edit': ['owner', 'organiser'],
  // the registration form, agenda, microsite and its pictures
  'content.edit': ['owner', 'organiser'],
  // the travel policy: the travel desk runs it with the organisers
  'travel.edit': ['owner', 'organiser', 'travel'],
  // the check-in desks at the doors, on staff phones
  'checkin.desk': ['owner', 'organiser', 'checkin'],
  // arrivals and registrations counted live
  'dashboard.read': ['owner', 'organiser', 'reviewer', 'checkin'],
  // print-ready badges of the attendees
  'badge.print': ['owner', 'organiser', 'checkin'],
  // the event's train and air orders, and what the travel desk does to them
  'orders.read': ['owner', 'organiser', 'travel'],
  'orders.act': ['owner', 'travel'],
  // the log of every SMS, e-mail and subscription message, and notices to attendees
  'messages.read': ['owner', 'organiser'],
  'messages.send': ['owner', 'organiser'],
}

export const mayDo = (role: StaffRole | null | undefined, action: EventAction): boolean => !!role && ROLE_PERMISSIONS[action].includes(role)
