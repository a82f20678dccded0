// drizzle-kit reads this: `npm run db:generate` (from the repo root) writes SQL migrations next to
// the schema. The same migrations run on PGlite and on PostgreSQL at server start.
import path from 'node:path'
import { defineConfig } from 'drizzle-kit'

// relative to the working directory: drizzle-kit 0.31 prefixes './' to an absolute `out` and fails
const here = (p: string) => path.relative(process.cwd(), path.join(__dirname, p)) || '.'

export default defineConfig({
  dialect: 'postgresql',
  schema: here('src/kernel/db/schema.ts'),
  out: here('src/kernel/db/migrations'),
})
