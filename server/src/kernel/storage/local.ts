/**
 * Files in a local folder (UPLOADS_DIR): the default on PGlite, where one machine runs the one
 * server. Not for several instances: each would see only its own disk (config.ts refuses it with
 * DATABASE_URL in production unless SINGLE_INSTANCE=true).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { checkedKey } from './keys'
import type { FileStorage } from './types'

export class LocalFolderStorage implements FileStorage {
  readonly description: string

  constructor(readonly root: string) {
    this.description = `local folder ${root}`
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key))
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key)
    await fs.mkdir(path.dirname(file), { recursive: true })
    // write then rename: a reader never sees half a file
    const tmp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`
    await fs.writeFile(tmp, bytes)
    await fs.rename(tmp, file)
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key))
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      // a key that names a folder (site/a when site/a/b exists) holds no file either
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null
      throw e
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true })
  }
}
