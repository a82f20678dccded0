// drizzle-kit reads this: `npm run db:generate` (from the repo root) writes SQL migrations next to
// the schema. The same migrations run on PGlite and on PostgreSQL at server start.
import path from 'node:path'
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(__dirname, 'src/db/schema.ts'),
  out: path.join(__dirname, 'src/db/migrations'),
})
