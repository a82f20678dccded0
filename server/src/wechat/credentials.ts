/**
 * WeChat's short-lived credentials (docs/wechat.md): the refresh job that fetches the access token
 * and the jsapi_ticket before they expire, and the reader the JS-SDK signature asks.
 *
 * One recurring job per app id (key: the app id). Being a job, it runs on one instance at a time
 * (the job lease), and its WeChat calls are made with no transaction open (a CallingJob): prepare
 * reads the stored rows and decides what is due, call asks WeChat, apply stores the answers. A
 * failed answer keeps the stored values (they serve until they expire), is logged, and is asked
 * again WECHAT_CREDENTIAL_RULES.retryAfterFailureMs later.
 */
import type { AppDb } from '../kernel/db/client'
import type { CallingJob, JobDeps } from '../kernel/jobs/runner'
import { WechatApiError, type IssuedCredential } from './api'
import { findCredential, saveCredential, type CredentialKind } from './repositories/credentials'
import { credentialApps } from './config'
import { ACCESS_TOKEN_REJECTED, WECHAT_CREDENTIAL_RULES, expiryOf, isRefreshDue, isValid, nextCheckAt, type StoredCredential } from './rules/credential-rules'

export const WECHAT_CREDENTIALS_JOB = 'wechatCredentials'

/** the refresh job of an app: one per app id, due at once (ensureRecurringJobs) */
export const wechatCredentialsJob = (appId: string) => ({ kind: WECHAT_CREDENTIALS_JOB, key: appId, payload: { appId } })

interface RefreshPlan {
  appId: string
  secret: string
  token: StoredCredential | null
  ticket: StoredCredential | null
  needToken: boolean
  needTicket: boolean
  /** false: an app whose token only is kept (the mini-program) */
  withTicket: boolean
}

interface RefreshAnswer {
  token?: IssuedCredential
  ticket?: IssuedCredential
  /** WeChat's refusal or no answer; what came before it is kept */
  error?: Error
  /** when WeChat answered: a credential's expiry counts from here */
  answeredAt: Date
}

const asStored = (row: { value: string; expiresAt: Date } | null): StoredCredential | null => (row ? { value: row.value, expiresAt: row.expiresAt } : null)

export const refreshWechatCredentials: CallingJob<RefreshPlan, RefreshAnswer> = {
  async prepare({ tx, job, deps, now, log }) {
    const appId = String(job.payload.appId ?? '')
    const app = deps.config ? credentialApps(deps.config).find((a) => a.appId === appId) : undefined
    if (!app) {
      // the app is no longer configured here (WX_APP_ID changed, WECHAT_API=off): its job ends
      log.warn({ appId }, 'WeChat credentials: this app id is not configured any more; its refresh job ends')
      return { result: undefined }
    }
    const token = asStored(await findCredential(tx, 'access_token', appId))
    // the mini-program of subscription messages needs its token only
    const ticket = app.ticket ? asStored(await findCredential(tx, 'jsapi_ticket', appId)) : null
    const needTicket = app.ticket && isRefreshDue(ticket, now)
    // a new ticket needs a token that still works
    const needToken = isRefreshDue(token, now) || (needTicket && !isValid(token, now))
    if (!needToken && !needTicket) return { result: { nextDueAt: nextCheckAt(app.ticket ? [token, ticket] : [token], now) } }
    return { plan: { appId, secret: app.secret, token, ticket, needToken, needTicket, withTicket: app.ticket } }
  },

  async call(plan, { deps }) {
    const api = deps.wechatApi
    if (!api) throw new Error('the job runner was built without wechatApi (WECHAT_API=off)')
    const answer: Omit<RefreshAnswer, 'answeredAt'> = {}
    try {
      if (plan.needToken) answer.token = await api.stableToken(plan.appId, plan.secret, false)
      if (plan.needTicket) {
        const token = answer.token?.value ?? plan.token!.value
        try {
          answer.ticket = await api.jsapiTicket(token)
        } catch (e) {
          if (!(e instanceof WechatApiError && e.errcode !== null && ACCESS_TOKEN_REJECTED.has(e.errcode))) throw e
          // WeChat no longer takes the stored token (forced elsewhere, or leaked): one forced refresh, then the ticket
          answer.token = await api.stableToken(plan.appId, plan.secret, true)
          answer.ticket = await api.jsapiTicket(answer.token.value)
        }
      }
    } catch (e) {
      answer.error = e as Error
    }
    return { ...answer, answeredAt: deps.now() }
  },

  async apply({ tx, now, log }, plan, answer) {
    const store = async (kind: CredentialKind, issued: IssuedCredential): Promise<StoredCredential> => {
      const row = { kind, appId: plan.appId, value: issued.value, expiresAt: expiryOf(answer.answeredAt, issued.expiresInS), updatedAt: answer.answeredAt }
      await saveCredential(tx, row)
      return row
    }
    const token = answer.token ? await store('access_token', answer.token) : plan.token
    const ticket = answer.ticket ? await store('jsapi_ticket', answer.ticket) : plan.ticket
    if (answer.error) {
      const errcode = answer.error instanceof WechatApiError ? answer.error.errcode : null
      log.error(
        { appId: plan.appId, errcode, err: answer.error.message, ticketValidUntil: ticket && isValid(ticket, now) ? ticket.expiresAt.toISOString() : null },
        'WeChat credentials: refresh failed; the stored ones serve until they expire, asked again shortly',
      )
      return { nextDueAt: new Date(now.getTime() + WECHAT_CREDENTIAL_RULES.retryAfterFailureMs) }
    }
    log.info({ appId: plan.appId, token: !!answer.token, ticket: !!answer.ticket }, 'WeChat credentials refreshed')
    return { nextDueAt: nextCheckAt(plan.withTicket ? [token, ticket] : [token], now) }
  },
}

/**
 * What the JS-SDK signature and the subscription-message sender read: the stored jsapi_ticket or
 * access token of an app while it is valid, kept per kind and app for
 * WECHAT_CREDENTIAL_RULES.readCacheMs (never past its expiry) so a burst of page loads reads the
 * row once. An absent or expired one is not kept: the next read sees the refresh.
 */
export class WechatCredentialReader {
  private readonly cache = new Map<string, { credential: StoredCredential; readAt: number }>()

  constructor(private readonly deps: Pick<JobDeps, 'db' | 'now'> & { db: AppDb }) {}

  jsapiTicket(appId: string): Promise<string | null> {
    return this.valid('jsapi_ticket', appId)
  }

  accessToken(appId: string): Promise<string | null> {
    return this.valid('access_token', appId)
  }

  clear(): void {
    this.cache.clear()
  }

  private async valid(kind: CredentialKind, appId: string): Promise<string | null> {
    const now = this.deps.now()
    const key = `${kind}:${appId}`
    const kept = this.cache.get(key)
    if (kept && now.getTime() - kept.readAt < WECHAT_CREDENTIAL_RULES.readCacheMs && isValid(kept.credential, now)) return kept.credential.value
    const credential = asStored(await findCredential(this.deps.db, kind, appId))
    if (!isValid(credential, now)) {
      this.cache.delete(key)
      return null
    }
    this.cache.set(key, { credential, readAt: now.getTime() })
    return credential.value
  }
}
