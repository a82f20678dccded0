/**
 * file_blobs: the bytes of files kept by the database storage provider (kernel/storage/database.ts),
 * the default on PostgreSQL, so that every instance on one database reads every file and the files
 * are in the database's backup. PostgreSQL keeps a large bytea out of line (TOAST), so the table's
 * pages stay small; a registration file is at most REGISTER_RULES.uploads.maxBytesCeiling.
 */
import { customType, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

/** bytea as a Buffer: node-postgres reads a Buffer, PGlite a Uint8Array */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
})

export const fileBlobs = pgTable('file_blobs', {
  key: varchar('key', { length: 200 }).primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * storage_removals: bytes whose row is gone and which are still to be removed from the storage.
 * A row is deleted and its key written here in one transaction; the bytes go after it commits,
 * outside any transaction (a folder or a bucket cannot roll back), and the key's row goes once they
 * are gone. A crash or a failed removal in between leaves the key here for the next run: bytes are
 * never removed for a row that could still come back, and never forgotten.
 */
export const storageRemovals = pgTable('storage_removals', {
  key: varchar('key', { length: 200 }).primaryKey(),
  since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull(),
})
