/** Work of the registration domain that runs later: telling an attendee their review result. */
import { callingJob, needDep, type JobHandler } from '../kernel/jobs/runner'
import type { OutgoingMessage } from '../kernel/messaging/types'

export const REGISTER_JOBS = { notice: 'register.notice' } as const

/** the message as queued (register/review.ts): sent with no transaction open, nothing recorded after */
const noticeOf = (payload: Record<string, unknown>): OutgoingMessage => ({
  channel: payload.channel === 'email' ? 'email' : 'sms',
  to: String(payload.to),
  subject: String(payload.subject ?? ''),
  text: String(payload.text),
})

export const REGISTER_JOB_HANDLERS: Record<string, JobHandler> = {
  [REGISTER_JOBS.notice]: callingJob({
    prepare: async ({ job }) => ({ plan: noticeOf(job.payload) }),
    call: (message: OutgoingMessage, ctx) => needDep(ctx.deps, 'sender').send(message),
    apply: async () => undefined,
  }),
}
