import { getMicrositeAccess, getMicrositeByEventCode, type MicrositeView } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

/** the microsite and the caller's access: by the event hash when the address has it (spec §7 getApi), else by the code */
export const fetchMicrosite = (ids: { eventHashCode: string | null; eventCode: string | null }): Promise<MicrositeView> =>
  ids.eventHashCode ? call(getMicrositeAccess, { eventHashCode: ids.eventHashCode }) : call(getMicrositeByEventCode, { eventCode: ids.eventCode ?? '' })
