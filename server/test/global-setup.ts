import { ensureTemplate } from './pglite-template'

/** Prepare the PGlite template once per run (not needed when the tests use PostgreSQL). */
export default async function globalSetup(): Promise<void> {
  if (!process.env.DATABASE_URL) await ensureTemplate()
}
