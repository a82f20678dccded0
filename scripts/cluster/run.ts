/**
 * The cluster suite (`bash scripts/cluster-test.sh`, which gives it a throwaway PostgreSQL as
 * DATABASE_URL): CLUSTER_INSTANCES (2) API server instances on that one database, Debian's nginx in
 * front of them with deploy/nginx/attendee.conf, and the checks of ./checks.ts. Prints one line
 * per check and `cluster: N passed, N failed`; exits 1 when one failed. The instances' and nginx's
 * logs stay in the printed folder when something failed.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { Instance, freePort, renderNginx, setUpstreamDown, startNginx } from './processes'
import { jobsOnce, logoutEverywhere, paymentOnce, readiness, rollingRestart, upload, type Cluster } from './checks'

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: run bash scripts/cluster-test.sh')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'))
  const count = Number(process.env.CLUSTER_INSTANCES ?? 2)
  // FILE_STORAGE and its variables, when whoever runs the suite sets them (docs/storage.md)
  const extra: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v && /^(FILE_STORAGE|S3_)/.test(k)) extra[k] = v
  const instances: Instance[] = []
  for (let i = 1; i <= count; i++) instances.push(new Instance({ name: `app${i}`, port: await freePort(), dir, databaseUrl, env: extra }))
  let nginx: ChildProcess | null = null
  let passed = 0
  let failedCount = 0
  const started = Date.now()
  try {
    // the first migrates and seeds under the startup lock; the others start beside it and wait for that lock
    await Promise.all(instances.map((i) => i.start()))
    const frontPort = await freePort()
    const conf = renderNginx(
      dir,
      frontPort,
      instances.map((i) => i.opts.port),
    )
    nginx = await startNginx(dir, conf, frontPort)
    const setDown = (port: number, down: boolean) => setUpstreamDown(dir, conf, port, down)
    const cluster: Cluster = { front: `http://127.0.0.1:${frontPort}`, instances, databaseUrl, setDown }
    console.log(`cluster: ${count} instances and nginx ready in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${dir})`)
    const checks: Array<[string, (c: Cluster) => Promise<string>]> = [
      ['readiness', readiness],
      ['upload', upload],
      ['logout', logoutEverywhere],
      ['jobs', jobsOnce],
      ['payment', paymentOnce],
      ['rolling restart', rollingRestart],
    ]
    for (const [name, check] of checks) {
      const t0 = Date.now()
      try {
        const said = await check(cluster)
        passed++
        console.log(`  ✓ ${name}: ${said} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
      } catch (e) {
        failedCount++
        console.log(`  ✗ ${name}: ${(e as Error).message} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
      }
    }
  } catch (e) {
    failedCount++
    console.log(`  ✗ start: ${(e as Error).message}`)
  } finally {
    nginx?.kill('SIGTERM')
    await Promise.all(instances.map((i) => i.stop().catch(() => null)))
    for (const i of instances) i.kill()
    if (failedCount === 0) fs.rmSync(dir, { recursive: true, force: true })
  }
  console.log(`cluster: ${passed} passed, ${failedCount} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  return failedCount ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    console.log('cluster: 0 passed, 1 failed')
    process.exit(1)
  },
)
