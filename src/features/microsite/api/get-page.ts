import { getMicrositePage } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

export const fetchPage = (eventCode: string, pageCode: string) => call(getMicrositePage, { eventCode, pageCode })
