/** Where uploaded files' bytes are kept. The database keeps what they are and whose (stored_files). */
export interface FileStorage {
  /** writes the bytes under `key` (a key is written once) */
  put(key: string, bytes: Buffer): Promise<void>
  /** the bytes under `key`; null when there are none */
  get(key: string): Promise<Buffer | null>
  remove(key: string): Promise<void>
}
