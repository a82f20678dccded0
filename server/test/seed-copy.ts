/**
 * The seeded tables, copied aside once per test database, so a test's reset puts them back with a
 * few INSERT … SELECT statements inside the database instead of running the seed again (a hundred
 * queries built by the ORM, on every test).
 *
 * The copy lives in its own schema (`seed_copy`), which `appTables` (public only) never empties.
 * Rows go back with the foreign-key triggers off (session_replication_role = replica), as the
 * copy is consistent by construction, and each sequence is set where the seed left it, so ids
 * after a reset are the ids after a fresh seed.
 */
import { sql } from 'drizzle-orm'
import type { AppDb } from '../src/kernel/db/client'

const SCHEMA = 'seed_copy'

interface SequenceValue {
  name: string
  value: number
}

async function rows<T>(db: AppDb, query: string): Promise<T[]> {
  const res = await db.execute(sql.raw(query))
  return (res as unknown as { rows: T[] }).rows
}

export class SeedCopy {
  private constructor(
    private readonly tables: string[],
    private readonly sequences: SequenceValue[],
  ) {}

  /** copies every non-empty table of `tables` (quoted names of public tables) and the sequences' values */
  static async take(db: AppDb, tables: string[]): Promise<SeedCopy> {
    await db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`))
    await db.execute(sql.raw(`CREATE SCHEMA ${SCHEMA}`))
    const copied: string[] = []
    for (const t of tables) {
      const [{ n }] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM public.${t}`)
      if (n === 0) continue
      await db.execute(sql.raw(`CREATE TABLE ${SCHEMA}.${t} AS SELECT * FROM public.${t}`))
      copied.push(t)
    }
    const sequences = await rows<{ name: string; value: string | null }>(
      db,
      `SELECT quote_ident(sequencename) AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
    )
    return new SeedCopy(
      copied,
      sequences.filter((s) => s.value !== null).map((s) => ({ name: s.name, value: Number(s.value) })),
    )
  }

  /** puts the copied rows back into the (just emptied) public tables, in one statement */
  async restore(db: AppDb): Promise<void> {
    const body = [
      'SET LOCAL session_replication_role = replica;',
      ...this.tables.map((t) => `INSERT INTO public.${t} SELECT * FROM ${SCHEMA}.${t};`),
      ...this.sequences.map((s) => `PERFORM setval('public.${s.name}', ${s.value});`),
      // back on for what follows in this transaction (none here: the DO is its own statement)
      'SET LOCAL session_replication_role = origin;',
    ]
    await db.execute(sql.raw(`DO $restore$ BEGIN\n${body.join('\n')}\nEND $restore$`))
  }
}
