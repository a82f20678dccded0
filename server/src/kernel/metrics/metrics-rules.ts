/** The numbers of the metrics endpoint and of its instruments. */
export const METRICS_RULES = {
  /**
   * request latency buckets in seconds: most API calls answer in 1–50 ms; bookings and password
   * logins take longer (a hash ≈ 60 ms, a batch of orders up to a few hundred ms); above 5 s a
   * client has long given up waiting
   */
  httpLatencyBuckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  /** METRICS_TOKEN: at least this many characters (a bearer token guessed is every figure of the app) */
  tokenMinLength: 16,
  /** the route label of a request no route matched (404s of scanners): one series, not one per URL */
  unmatchedRoute: 'unmatched',
} as const
