import { ensureTemplate } from './pglite-template'
import { ensureSandboxIdentity } from './sandbox-identity'

/** Prepare, once per run, the PGlite template (not needed when the tests use PostgreSQL) and the WeChat Pay sandbox's keys. */
export default async function globalSetup(): Promise<void> {
  ensureSandboxIdentity()
  if (!process.env.DATABASE_URL) await ensureTemplate()
}
