/**
 * `npm run seed:demo`: writes the demo events and their attendees (server/src/seed.ts) into the
 * database of the environment: DATABASE_URL, or the PGlite folder DATA_DIR. Migrates first, so
 * it works on an empty database, and is safe to run again.
 *
 * Outside production the server does this on every start; in production it never does, because
 * the demo accounts' passwords are published in the README. Run this only on a demo or staging
 * deployment.
 */
import { loadDatabaseConfig } from '../server/src/config'
import { openPglite, openPostgres } from '../server/src/kernel/db/client'
import { DEMO_EVENT, seed } from '../server/src/seed'

export async function seedDemo(env: NodeJS.ProcessEnv = process.env, now = new Date()): Promise<string> {
  const { databaseUrl, dataDir } = loadDatabaseConfig(env)
  // two connections: withStartupLock holds one for its advisory lock while migrate and seed use the other
  const db = databaseUrl ? await openPostgres(databaseUrl, 2) : await openPglite({ dataDir })
  try {
    // the same lock as a starting server, so seeding beside a running instance is safe
    await db.withStartupLock(async () => {
      await db.migrate()
      await seed(db.db, now)
    })
  } finally {
    await db.close()
  }
  // never print the connection string: it may carry a password
  return db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`
}

if (require.main === module) {
  seedDemo()
    .then((where) => console.log(`Demo events seeded into ${where}: open /?ehc=${DEMO_EVENT.eventHashCode}&ec=${DEMO_EVENT.eventCode}`))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err)
      process.exit(1)
    })
}
