/**
 * The app's Prometheus instruments, on a registry of its own (made by build(), reached through
 * deps.metrics): two apps in one process count apart, and nothing registers in prom-client's
 * global default registry.
 *
 * Labels are bounded by construction: a route is its pattern (routeOptions.url, `/api/train/…`),
 * never the URL asked for; a status is its class (2xx … 5xx); an answer's msgId is one of the
 * declared message ids; providers, outcomes and limit names are fixed words of the code.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { METRICS_RULES } from './metrics-rules'
import type { BookingKind, BookingOutcome, Metrics, PaymentMethod, PaymentOutcome, Provider } from './types'

/** the due jobs of one kind, as the jobs table says at scrape time */
export interface DueJobs {
  kind: string
  due: number
  /** of them, those whose last run failed (retried with a growing delay) */
  failing: number
  oldestDueAt: Date | null
}

export interface MetricsSources {
  /** the due, unfinished jobs by kind (kernel/jobs/repository.ts dueJobsByKind) */
  dueJobs: (now: Date) => Promise<DueJobs[]>
  /** the kinds there are handlers for: each has its series even at zero, so an alert has a value to read */
  jobKinds: readonly string[]
  now: () => Date
  /** a scrape whose job query failed still answers the other figures; this says why */
  onCollectError: (err: unknown) => void
}

export interface HttpObservation {
  method: string
  /** the route pattern; undefined when no route matched */
  route: string | undefined
  statusCode: number
  seconds: number
}

export const statusClass = (code: number): string => `${Math.floor(code / 100)}xx`

export class AppMetrics implements Metrics {
  readonly registry = new Registry()
  private readonly requests: Counter<'method' | 'route' | 'status_class'>
  private readonly latency: Histogram<'method' | 'route' | 'status_class'>
  private readonly errorAnswers: Counter<'route' | 'msg_id'>
  private readonly bookings: Counter<'kind' | 'outcome'>
  private readonly payments: Counter<'method' | 'outcome'>
  private readonly providerFailures: Counter<'provider' | 'operation'>
  private readonly limiterRefusals: Counter<'limit'>

  constructor(sources: MetricsSources) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    const http = ['method', 'route', 'status_class'] as const
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status class', labelNames: http, registers })
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'time from the request to the end of the answer, by route pattern and status class',
      labelNames: http,
      buckets: [...METRICS_RULES.httpLatencyBuckets],
      registers,
    })
    this.errorAnswers = new Counter({
      name: 'api_error_answers_total',
      help: 'API calls answered with an error envelope (business refusals are HTTP 200), by route pattern and msgId',
      labelNames: ['route', 'msg_id'],
      registers,
    })
    this.bookings = new Counter({
      name: 'booking_outcomes_total',
      help: 'booking requests and ticketing answers, by kind of order and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    })
    this.payments = new Counter({
      name: 'payment_outcomes_total',
      help: 'payments and refunds, by method and outcome',
      labelNames: ['method', 'outcome'],
      registers,
    })
    this.providerFailures = new Counter({
      name: 'provider_failures_total',
      help: 'failed calls to outside providers (railway, airline, WeChat Pay, SMS, e-mail), by provider and operation',
      labelNames: ['provider', 'operation'],
      registers,
    })
    this.limiterRefusals = new Counter({ name: 'limiter_refusals_total', help: 'requests refused by a limit, by limit name', labelNames: ['limit'], registers })
    this.jobGauges(sources)
  }

  /**
   * Queue depth and the age of the oldest due job, read from the jobs table when scraped: every
   * instance runs the same queue, so any instance scraped answers the same figures. A scrape reads
   * its gauges side by side; the three share one query (the one in flight when each asks).
   */
  private jobGauges(sources: MetricsSources): void {
    type Scraped = { now: Date; rows: DueJobs[] } | null
    const load = async (): Promise<Scraped> => {
      const now = sources.now()
      try {
        return { now, rows: await sources.dueJobs(now) }
      } catch (err) {
        // the other figures are still worth answering: these are left out of this scrape
        sources.onCollectError(err)
        return null
      }
    }
    let inFlight: Promise<Scraped> | null = null
    const read = (): Promise<Scraped> => {
      if (inFlight) return inFlight
      const p = load()
      inFlight = p
      void p.finally(() => {
        if (inFlight === p) inFlight = null
      })
      return p
    }
    const gauge = (name: string, help: string, value: (r: DueJobs | undefined, now: Date) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'],
        registers: [this.registry],
        async collect() {
          const scraped = await read()
          this.reset()
          if (!scraped) return
          const byKind = new Map(scraped.rows.map((r) => [r.kind, r]))
          for (const kind of new Set([...sources.jobKinds, ...byKind.keys()])) this.set({ kind }, value(byKind.get(kind), scraped.now))
        },
      })
    gauge('jobs_due', 'jobs due and not done (the queue depth), by kind', (r) => r?.due ?? 0)
    gauge('jobs_due_failing', 'due jobs whose last run failed (retried with a growing delay), by kind', (r) => r?.failing ?? 0)
    gauge('jobs_oldest_due_age_seconds', 'how long the oldest due job has waited past its due time, by kind (0: none due)', (r, now) =>
      r?.oldestDueAt ? Math.max(0, (now.getTime() - r.oldestDueAt.getTime()) / 1000) : 0,
    )
  }

  observeRequest(o: HttpObservation): void {
    const labels = { method: o.method, route: o.route ?? METRICS_RULES.unmatchedRoute, status_class: statusClass(o.statusCode) }
    this.requests.inc(labels)
    this.latency.observe(labels, o.seconds)
  }

  errorAnswer(route: string | undefined, msgId: string): void {
    this.errorAnswers.inc({ route: route ?? METRICS_RULES.unmatchedRoute, msg_id: msgId })
  }

  bookingOutcome(kind: BookingKind, outcome: BookingOutcome): void {
    this.bookings.inc({ kind, outcome })
  }

  paymentOutcome(method: PaymentMethod, outcome: PaymentOutcome): void {
    this.payments.inc({ method, outcome })
  }

  providerFailure(provider: Provider, operation: string): void {
    this.providerFailures.inc({ provider, operation })
  }

  limiterRefusal(limit: string): void {
    this.limiterRefusals.inc({ limit })
  }
}
