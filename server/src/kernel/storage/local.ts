/**
 * Files in a local folder (the default: UPLOADS_DIR). Keys are made by the server
 * (files/files.ts: event id / random code), never from a client's file name, and checked here
 * once more so no key can leave the folder.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from './types'

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/

export class LocalFolderStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`)
    return path.join(this.root, key)
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key)
    await fs.mkdir(path.dirname(file), { recursive: true })
    // write then rename: a reader never sees half a file
    const tmp = `${file}.${process.pid}.tmp`
    await fs.writeFile(tmp, bytes)
    await fs.rename(tmp, file)
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw e
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true })
  }
}
