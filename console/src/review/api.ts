/** The console's registration review calls. */
import { decideRegistrations, listReviewQueue, type DecideRegistrationsRequest, type ReviewQueueRequest } from '@contracts/admin/review'
import { call } from '../lib/request'

export const fetchQueue = (req: ReviewQueueRequest) => call(listReviewQueue, req)
export const decide = (req: DecideRegistrationsRequest) => call(decideRegistrations, req)
