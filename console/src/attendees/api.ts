/** The console's attendee list calls, and the event's attendee types for its filters and form. */
import { listAttendees, saveAttendee, setAttendeeDisabled, type AttendeeListRequest, type SaveAttendeeRequest } from '@contracts/admin/attendees'
import { getFormOverview } from '@contracts/calls/register'
import { call } from '../lib/request'

export const fetchAttendees = (req: AttendeeListRequest) => call(listAttendees, req)
export const storeAttendee = (req: SaveAttendeeRequest) => call(saveAttendee, req)
export const setDisabled = (eventCode: string, userCode: string, disabled: boolean) => call(setAttendeeDisabled, { eventCode, userCode, disabled })
/** the attendee types of the event's registration form (none when it has no form) */
export const fetchAttendeeTypes = (eventCode: string) =>
  call(getFormOverview, { eventCode }).then(
    (f) => f.types,
    () => [],
  )
