/** Event and user shapes shared by client and server, and the conference time-state rule (spec §4). */

export type LoginMode = 'mobile' | 'email' | 'account'
/** extra proof an event may require at login */
export type LoginExtraField = 'idNumber' | 'visitingCode' | 'roomNumber'

export interface EventInfo {
  eventCode: string
  eventHashCode: string
  titleZh: string
  titleEn: string
  /** ISO 8601 with the offset of the event's zone on that day (server: kernel/time toZoneIso) */
  startTime: string
  endTime: string
  /**
   * IANA zone the event happens in ('Asia/Shanghai' unless it says otherwise): every event time is
   * written in it, so 09:00 is 09:00 where the event is; a phone in another zone labels the times
   * with it (src/lib/zone-label.ts)
   */
  timeZone: string
  venueZh: string
  venueEn: string
  /** false: the conference website is not open (entry goes to the "not enabled" tip) */
  enabled: boolean
  loginModes: LoginMode[]
  loginExtraFields: LoginExtraField[]
  /** microsite access: 1 public; 2, 3, 4 need login; 4 also limits user types */
  permissionType: number
  someUserTypes: string[]
}

export interface UserInfo {
  userCode: string
  name: string
  mobile: string | null
  email: string | null
  userName: string | null
  userType: string
  company: string | null
  eventCode: string
}

export type EventTimeState = 'notStarted' | 'inProgress' | 'ended'

export function eventTimeState(event: Pick<EventInfo, 'startTime' | 'endTime'>, now: number): EventTimeState {
  if (now < Date.parse(event.startTime)) return 'notStarted'
  if (now >= Date.parse(event.endTime)) return 'ended'
  return 'inProgress'
}
