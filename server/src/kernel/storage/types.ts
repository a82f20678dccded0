import type { Queryable } from '../db/client'

/**
 * Where uploaded files' bytes are kept. The database keeps what they are and whose (stored_files).
 * Providers: a local folder (one machine), the app database (file_blobs), an S3-compatible bucket
 * (kernel/storage/from-config.ts chooses; docs/storage.md).
 */
export interface FileStorage {
  /** what it is, for logs and the start-up line ("database", "s3 bucket/prefix", "local /path") */
  readonly description: string
  /** writes the bytes under `key` (a key is written once; writing it again replaces the bytes) */
  put(key: string, bytes: Buffer): Promise<void>
  /** the bytes under `key`; null when there are none */
  get(key: string): Promise<Buffer | null>
  /**
   * removes the bytes under `key` (none: nothing to do). `q`: the transaction the caller is in;
   * the database provider removes them in it, so they go with the row that named them or not at all
   */
  remove(key: string, q?: Queryable): Promise<void>
  /** lets go of connections (the S3 client's sockets); build() calls it when the app closes */
  close?(): void
}
