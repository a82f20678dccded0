import { listModuleTexts } from '@contracts/calls/microsite'
import { call } from '@/lib/request'
import { RICH_FORMAT } from '../model/format'

/** in the language of the request's `lang` header: fetched again when the attendee switches */
export const fetchModuleTexts = (eventCode: string, pageCode: string) => call(listModuleTexts, { eventCode, pageCode, format: RICH_FORMAT })
