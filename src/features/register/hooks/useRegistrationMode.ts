import { useRef } from 'react'

/**
 * Whether /form shows the attendee's own registration (edit) or a new one. A logged-in attendee
 * edits theirs; a guest, or an attendee with no registration for this event yet, fills in a new
 * one. A session that expires while the page is open does not make the attendee a guest here:
 * their registration stays on screen behind the "log in again" question, with what they typed
 * (it comes back to the same form after the login). Logging in from the page does make it edit.
 */
export function useRegistrationMode(loggedIn: boolean, notRegistered: boolean): 'edit' | 'new' {
  const wasLoggedIn = useRef(false)
  if (loggedIn) wasLoggedIn.current = true
  if (notRegistered) return 'new'
  return loggedIn || wasLoggedIn.current ? 'edit' : 'new'
}
