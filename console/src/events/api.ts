/** The console's event calls. */
import { createAdminEvent, getAdminEvent, listAdminEvents, publishAdminEvent, updateAdminEvent, type EventSettings } from '@contracts/admin/events'
import { call } from '../lib/request'

export const fetchEvents = () => call(listAdminEvents, {})
export const fetchEvent = (eventCode: string) => call(getAdminEvent, { eventCode })
export const saveNewEvent = (settings: EventSettings) => call(createAdminEvent, settings)
export const saveEvent = (currentCode: string, settings: EventSettings) => call(updateAdminEvent, { currentCode, settings })
export const setPublished = (eventCode: string, published: boolean) => call(publishAdminEvent, { eventCode, published })
