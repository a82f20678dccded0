import { listPageModules } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

export const fetchModules = (eventCode: string, pageCode: string) => call(listPageModules, { eventCode, pageCode })
