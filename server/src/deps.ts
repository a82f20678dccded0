/**
 * What services get instead of the Fastify instance: only the dependencies they use, picked from
 * this list (`Pick<Deps, 'db' | 'now'>`), so a service can be called from a route, a job or a
 * test alike and says in its signature what it touches.
 *
 * build() (app.ts) is the one place these are made: every cache, batcher, loader and registry is
 * one per app, reached through here, never a module's own state, so two apps in one process (tests)
 * share nothing and a test can swap one (test/train-support.ts cachesOnFakeClock).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { AppDb } from './kernel/db/client'
import type { MessageSender, SandboxSender } from './kernel/messaging'
import type { WechatPay } from './payments/wechatpay'
import type { RailwayProvider } from './train/railway'
import type { AirlineProvider, AirlineSandbox } from './air/airline'
import type { FileStorage } from './kernel/storage'
import type { RateLimits } from './auth/rules/auth-rules'
import type { HashWorkers } from './auth/hash-workers'
import type { Semaphore } from './kernel/cache/semaphore'
import type { EventCache } from './events/event-cache'
import type { SearchCaches } from './search-caches'
import type { EventRow } from './events/repositories/events'
import type { Payables } from './payments/payables'
import type { BookingBatcher } from './train/orders/booking-batch'
import type { SessionLookups } from './auth/sessions'
import type { OrderFeeds } from './orders/order-feed'
import type { Metrics } from './kernel/metrics/types'
import type { WechatApi, WechatApiSandbox } from './wechat/api'
import type { WechatCredentialReader } from './wechat/credentials'
import type { SubscribeMessageSender } from './wechat/subscribe/types'
import type { SandboxSubscribeSender } from './wechat/subscribe/sandbox-sender'

export interface Deps {
  db: AppDb
  /** the app's clock: every rule that depends on time asks this, so tests can move time */
  now: () => Date
  config: Config
  /** SMS and e-mail, each message written to the message log (message-log/logged-senders.ts) */
  sender: MessageSender
  /** the sandbox behind `sender` when both channels are the sandbox (tests make it fail) */
  senderSandbox: SandboxSender | null
  log: FastifyBaseLogger
  /** per-address request limits (counted in the database: kernel/limits/limits.ts) */
  rateLimits: RateLimits
  /** bounds the password hashes running at once (config.passwordHashConcurrency / Queue) */
  hashSlots: Semaphore
  /** where the password hashes run: low-priority worker threads (auth/hash-workers.ts) */
  hashWorkers: HashWorkers
  /** WeChat Pay v3 (gateway null: off), with the sandbox platform when that is what it talks to */
  wechatPay: WechatPay
  /** the railway (train search, login, ticketing): the sandbox outside a real provider */
  railway: RailwayProvider
  /** the airline (GDS/TMC) for flights; its sandbox too when that is what it is, for the switches */
  airline: AirlineProvider
  airlineSandbox: AirlineSandbox | null
  /** where uploaded files' bytes are kept: a local folder, the database or an S3 bucket (kernel/storage/from-config.ts) */
  storage: FileStorage
  /** events by hash, read on every page load (events/event-cache.ts says when it is cleared) */
  eventCache: EventCache<EventRow>
  /** sessions, policies, railway logins and seats as searches read them (search-caches.ts says when each is invalidated) */
  searchCaches: SearchCaches
  /** what each kind of order does when its payment settles or is refunded (payments/payables.ts) */
  payables: Payables
  /** the lists train orders are saved in (train/orders/booking-batch.ts) */
  bookingBatcher: BookingBatcher
  /** the session of a token, the lookups of one turn of the event loop in one query (auth/sessions.ts) */
  sessionLookups: SessionLookups
  /** the order list's sources, one per kind of order (orders/order-feed.ts) */
  orderFeeds: OrderFeeds
  /** what the domains count (bookings, payments, provider failures, limit refusals): kernel/metrics/types.ts */
  metrics: Metrics
  /** WeChat's server API (stable_token, getticket); null: WECHAT_API=off. Its sandbox too when that is what it is */
  wechatApi: WechatApi | null
  wechatApiSandbox: WechatApiSandbox | null
  /** the stored jsapi_ticket of an app, as the JS-SDK signature reads it (wechat/credentials.ts) */
  wechatCredentials: WechatCredentialReader
  /** WeChat subscription messages (wechat/notices.ts); null: off (every notice by SMS). Its sandbox too when that is what it is */
  subscribeSender: SubscribeMessageSender | null
  subscribeSandbox: SandboxSubscribeSender | null
}
