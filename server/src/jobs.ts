/** Every job kind and its handler: each domain's jobs (order deadlines, ticketing …) are added here. */
import type { Queryable } from './kernel/db/client'
import type { Config } from './config'
import { ensureJob } from './kernel/jobs/repository'
import { CLEANUP_JOB, cleanup } from './auth/cleanup-job'
import { PAYMENT_JOB_HANDLERS } from './payments/jobs'
import { AIR_JOB_HANDLERS } from './air/jobs'
import type { JobHandler } from './kernel/jobs/runner'
import { TRAIN_JOB_HANDLERS } from './train/jobs'
import { FILES_CLEANUP_JOB, filesCleanup } from './files/cleanup-job'
import { WECHAT_JOB_HANDLERS } from './wechat/jobs'
import { REGISTER_JOB_HANDLERS } from './register/jobs'
import { NOTICE_JOB_HANDLERS } from './notices/jobs'
import { wechatCredentialsJob } from './wechat/credentials'
import { credentialApps } from './wechat/config'

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [CLEANUP_JOB.kind]: cleanup,
  [FILES_CLEANUP_JOB.kind]: filesCleanup,
  ...TRAIN_JOB_HANDLERS,
  ...PAYMENT_JOB_HANDLERS,
  ...AIR_JOB_HANDLERS,
  ...WECHAT_JOB_HANDLERS,
  ...REGISTER_JOB_HANDLERS,
  ...NOTICE_JOB_HANDLERS,
}

/** the recurring jobs every database has (idempotent: run on every start) */
export async function ensureRecurringJobs(
  q: Queryable,
  now: Date,
  config: Pick<Config, 'wechatApi'> & Partial<Pick<Config, 'wechatSubscribe'>>,
): Promise<void> {
  await ensureJob(q, { ...CLEANUP_JOB, dueAt: now, now })
  await ensureJob(q, { ...FILES_CLEANUP_JOB, dueAt: now, now })
  // the WeChat credentials of the configured apps (the official account, the subscription messages' mini-program): fetched at the first run after start
  for (const app of credentialApps(config)) await ensureJob(q, { ...wechatCredentialsJob(app.appId), dueAt: now, now })
}
