/**
 * The storage provider config.ts chose (config.storage), made by build() (app.ts): one per app.
 * The S3 client is loaded only when it is the one chosen (the SDK is large).
 */
import type { Config } from '../../config'
import type { AppDb } from '../db/client'
import { DatabaseStorage } from './database'
import { LocalFolderStorage } from './local'
import type { FileStorage } from './types'

export async function createStorage(config: Pick<Config, 'storage' | 'uploadsDir'>, db: AppDb, now: () => Date): Promise<FileStorage> {
  const s = config.storage
  if (s.provider === 'database') return new DatabaseStorage(db, now)
  if (s.provider === 's3') {
    const { S3Storage } = await import('./s3')
    return new S3Storage(s)
  }
  return new LocalFolderStorage(config.uploadsDir)
}
