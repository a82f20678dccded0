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
