/**
 * Part of `npm run bench` (or `npx tsx scripts/bench-console.ts` after `npm run build:console`):
 * the console's first load, JS and CSS gzip-compressed, of its login page (the entry: every
 * address opens on it until the session is known) and of its attendee list (the entry and the
 * page's own chunks), beside the bare Ant Design page (bench/bare-console) built by the same Vite
 * in the same run. The files come from Vite's manifest: what index.html names, and what each
 * page's dynamic import brings, followed through their static imports.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { execFileSync } from 'node:child_process'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface ConsoleFirstLoad {
  bare_gz_kb: number
  login_gz_kb: number
  /** null: the build has no attendee list page */
  attendee_list_gz_kb: number | null
}

const root = path.resolve(__dirname, '..')
/** the modules whose first load is a figure, by their page's source */
const PAGES = { login: 'index.html', attendeeList: 'src/attendees/AttendeeListPage.tsx' } as const

function readManifest(dir: string): Manifest | null {
  const file = path.join(dir, '.vite', 'manifest.json')
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null
}

/** the files a chunk needs before it runs: itself, its static imports' files, their styles */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into)
  return into
}

const gzipKiB = (dir: string, files: Iterable<string>): number => {
  let bytes = 0
  for (const f of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length
  return Math.round(bytes / 102.4) / 10
}

function main(): void {
  const consoleDir = path.join(root, 'dist', 'console')
  const manifest = readManifest(consoleDir)
  if (!manifest) {
    console.log('console first load: no build with a manifest in dist/console (npm run build:console)')
    return
  }
  execFileSync('npx', ['vite', 'build', '--config', path.join(root, 'bench', 'bare-console', 'vite.config.mts')], { cwd: root, stdio: 'inherit' })
  const bareDir = path.join(root, 'bench', 'bare-console', 'dist')
  const bare = readManifest(bareDir)!
  const entry = filesOf(manifest, PAGES.login)
  const out: ConsoleFirstLoad = {
    bare_gz_kb: gzipKiB(bareDir, filesOf(bare, 'index.html')),
    login_gz_kb: gzipKiB(consoleDir, entry),
    attendee_list_gz_kb: manifest[PAGES.attendeeList] ? gzipKiB(consoleDir, filesOf(manifest, PAGES.attendeeList, new Set(entry))) : null,
  }
  console.log(
    `console first load (gzip): login ${out.login_gz_kb} KiB, attendee list ${out.attendee_list_gz_kb ?? 'no such page'} KiB; bare antd page ${out.bare_gz_kb} KiB`,
  )
  if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify(out))
}

main()
