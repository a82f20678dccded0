/**
 * A migrated, empty PGlite database saved as a dump, so each test file starts an in-memory PGlite
 * from it (~0.7 s) instead of running initdb (~4 s, ~800 MB). The file name carries a hash of the
 * migrations and the PGlite version, so a schema change makes a new template.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MIGRATIONS_DIR, openPglite } from '../src/kernel/db/client'

export function templatePath(): string {
  const h = crypto.createHash('sha256')
  // package.json is not exported by pglite: read it beside the resolved entry (dist/…)
  h.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')))
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, name)
      if (fs.statSync(p).isDirectory()) walk(p)
      else h.update(name).update(fs.readFileSync(p))
    }
  }
  walk(MIGRATIONS_DIR)
  return path.join(os.tmpdir(), `attendee-server-pglite-${h.digest('hex').slice(0, 16)}.tar`)
}

export async function ensureTemplate(): Promise<string> {
  const file = templatePath()
  if (fs.existsSync(file)) return file
  const handle = await openPglite()
  await handle.migrate()
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('none')
  await handle.close()
  // write then rename: a parallel run never reads a half-written file
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
  fs.renameSync(tmp, file)
  return file
}

export async function loadTemplate(): Promise<Blob> {
  const file = await ensureTemplate()
  return new Blob([fs.readFileSync(file)])
}
