/**
 * Files in the app database (file_blobs): every instance on one PostgreSQL reads what any of them
 * wrote, and the files are in the database's backup. The default whenever DATABASE_URL is set;
 * FILE_STORAGE=database chooses it on PGlite too.
 */
import { eq, sql } from 'drizzle-orm'
import type { AppDb, Queryable } from '../db/client'
import { fileBlobs } from './tables'
import { checkedKey } from './keys'
import type { FileStorage } from './types'

/**
 * The bytes travel as text (base64 in, hex out) that PostgreSQL decodes and encodes itself: PGlite
 * turns a bytea parameter or column into JS one byte at a time (a 10 MB file took ~20 s each way on
 * a loaded 2-core machine), while a string crosses at once; node-postgres sends bytea as hex text anyway.
 */
export class DatabaseStorage implements FileStorage {
  readonly description = 'database (file_blobs)'

  /** `now`: the app's clock, for the row's created_at */
  constructor(
    private readonly db: AppDb,
    private readonly now: () => Date,
  ) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.db
      .insert(fileBlobs)
      .values({ key: checkedKey(key), bytes: sql`decode(${bytes.toString('base64')}, 'base64')`, size: bytes.length, createdAt: this.now() })
      .onConflictDoUpdate({ target: fileBlobs.key, set: { bytes: sql`excluded.bytes`, size: sql`excluded.size` } })
  }

  async get(key: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ hex: sql<string>`encode(${fileBlobs.bytes}, 'hex')` })
      .from(fileBlobs)
      .where(eq(fileBlobs.key, checkedKey(key)))
    return row ? Buffer.from(row.hex, 'hex') : null
  }

  async remove(key: string, q: Queryable = this.db): Promise<void> {
    await q.delete(fileBlobs).where(eq(fileBlobs.key, checkedKey(key)))
  }
}
