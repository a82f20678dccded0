/** The WeChat jobs: the refresh of each app's access token and jsapi_ticket (credentials.ts). */
import { callingJob, type JobHandler } from '../kernel/jobs/runner'
import { WECHAT_CREDENTIALS_JOB, refreshWechatCredentials } from './credentials'

export const WECHAT_JOB_HANDLERS: Record<string, JobHandler> = {
  [WECHAT_CREDENTIALS_JOB]: callingJob(refreshWechatCredentials),
}
