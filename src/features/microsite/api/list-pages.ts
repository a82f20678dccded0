import { listMicrositePages } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

export const fetchHomePages = (eventCode: string) => call(listMicrositePages, { eventCode, kind: 'home' })
