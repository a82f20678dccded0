/** The console's badge calls: how many badges a filter gives, and their PDF downloaded. */
import { countBadges, printBadges, type BadgeFilter, type BadgeRequest } from '@contracts/admin/badges'
import { call } from '../lib/request'
import { saveBase64File } from '../attendee-io/api'

export const fetchBadgeCount = (filter: BadgeFilter) => call(countBadges, filter)

/** the PDF as the server made it, downloaded; answers how many badges it holds */
export async function downloadBadges(req: BadgeRequest): Promise<number> {
  const file = await call(printBadges, req)
  saveBase64File(file.content, file.contentType, file.fileName)
  return file.count
}
