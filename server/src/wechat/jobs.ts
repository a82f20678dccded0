/** The WeChat jobs: the refresh of each app's access token and jsapi_ticket (credentials.ts), the subscription messages (notices.ts). */
import { callingJob, type JobHandler } from '../kernel/jobs/runner'
import { WECHAT_CREDENTIALS_JOB, refreshWechatCredentials } from './credentials'
import { SUBSCRIBE_JOB_HANDLERS } from './notices'

export const WECHAT_JOB_HANDLERS: Record<string, JobHandler> = {
  [WECHAT_CREDENTIALS_JOB]: callingJob(refreshWechatCredentials),
  ...SUBSCRIBE_JOB_HANDLERS,
}
