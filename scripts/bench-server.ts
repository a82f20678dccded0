/**
 * The API server as scripts/bench.ts measures it: its own process (so the load generator does not
 * share its event loop), a throwaway PGlite folder (or DATABASE_URL), and rate limits lifted —
 * they protect production from abuse, and the benchmark is the abuse. Prints `PORT <n>` when ready.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from '../server/src/app'

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-bench-'))
  const app = await build({
    config: { dataDir },
    staticDir: null,
    rateLimits: { pageViewPerMinute: 1e9, sendCodePerMinute: 1e9, loginPerMinute: 1e9 },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0} ${app.dbHandle.kind}`)
  const stop = async () => {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
