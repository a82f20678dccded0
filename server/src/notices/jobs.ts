/**
 * A notice's message is sent by its own job kind (so the log names it a notice), with the review
 * notice's handler: the message as queued, sent with no transaction open, nothing recorded after.
 */
import type { JobHandler } from '../kernel/jobs/runner'
import { REGISTER_JOB_HANDLERS, REGISTER_JOBS } from '../register/jobs'

export const NOTICE_JOB = 'notice.send'

export const NOTICE_JOB_HANDLERS: Record<string, JobHandler> = {
  [NOTICE_JOB]: REGISTER_JOB_HANDLERS[REGISTER_JOBS.notice],
}
