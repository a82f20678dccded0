/** Reading the app's Prometheus text as a scraper would. */
import type { FastifyInstance } from 'fastify'

export const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'

export async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}`)
  return res.body
}

/** the value of the series `name` whose labels include `labels`; 0 when there is none */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return 0
}
