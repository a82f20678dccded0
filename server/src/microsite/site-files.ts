/**
 * The pictures and pages an organiser's microsite names under /files/ beyond the shipped demo
 * ones: `npm run microsite:load -- --files <folder>` puts every file of the folder into the file
 * storage under `site/<path in the folder>`, and every instance serves it at /files/<path in the
 * folder> (kernel/http/plugins/site-files.ts). Copying them into one machine's FILES_DIR instead
 * would leave the other instances answering 404.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FileStorage } from '../kernel/storage'
import { isValidKey } from '../kernel/storage'
import { siteFileKey } from '../kernel/http/plugins/site-files'

/** a file that cannot be named under /files/ (the command prints these) */
export class SiteFilesError extends Error {
  constructor(readonly problems: string[]) {
    super(`no file was added:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'SiteFilesError'
  }
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), rel)))
    else if (entry.isFile()) out.push(rel)
  }
  return out
}

/**
 * Puts every file under `folder` into `storage`; resolves with the /files/ address of each. Every
 * name is checked first: one that cannot be an address (spaces, "..", hidden files) adds nothing.
 */
export async function addSiteFiles(storage: FileStorage, folder: string): Promise<string[]> {
  const files = await filesUnder(folder)
  const bad = files.filter((f) => !isValidKey(siteFileKey(f)))
  if (bad.length) throw new SiteFilesError(bad.map((f) => `${f}: a name is letters, digits, ".", "-" or "_" (no spaces), in folders of such names`))
  for (const f of files) await storage.put(siteFileKey(f), await fs.readFile(path.join(folder, f)))
  return files.map((f) => `/files/${f}`)
}
