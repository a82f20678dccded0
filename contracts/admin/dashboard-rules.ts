/**
 * The numbers of the live dashboard, read alike by the console (how often the page asks again) and
 * the server (how wide a bar of arrivals is): server/src/eventday/dashboard.ts.
 */
export const DASHBOARD_RULES = {
  /** the page asks for fresh counts this often while its tab is visible */
  refreshMs: 15_000,
  /** one bar of arrivals, on the event's clock (a divisor of an hour, so bars start on the hour) */
  bucketMinutes: 10,
} as const
