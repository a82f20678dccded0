import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DIST, HARNESS_API_ORIGIN, ROOT } from './paths'

/** what the weapp build is made from: a change to any of these makes dist/weapp stale */
const INPUTS = [
  'src',
  'contracts',
  'config',
  'types',
  'package.json',
  'package-lock.json',
  'babel.config.js',
  'tsconfig.json',
  'project.config.json',
  '.env',
  '.env.production',
  '.env.local',
  '.env.production.local',
]

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)))
  return newest
}

/** the reason dist/weapp has to be built again for the harness, or null when it can be used as is */
export function staleReason(): string | null {
  const appJson = path.join(DIST, 'app.json')
  if (!fs.existsSync(appJson)) return 'no dist/weapp yet'
  const builtAt = fs.statSync(appJson).mtimeMs
  const changed = INPUTS.find((i) => newestMtime(path.join(ROOT, i)) > builtAt)
  if (changed) return `${changed} changed since the last build`
  const js = fs.readdirSync(DIST).filter((f) => f.endsWith('.js'))
  if (!js.some((f) => fs.readFileSync(path.join(DIST, f), 'utf8').includes(HARNESS_API_ORIGIN))) {
    return `dist/weapp was not built with TARO_APP_API_BASE_URL=${HARNESS_API_ORIGIN}`
  }
  return null
}

/**
 * `taro build --type weapp` with the harness's API origin compiled in. The output goes where every
 * weapp build goes (dist/weapp: the project's Taro config fixes it), so a build for the devtools
 * has to be made again afterwards with the real origin (README).
 */
export function buildWeapp(): { ok: boolean; ms: number; log: string } {
  const started = Date.now()
  const taro = path.join(ROOT, 'node_modules', '@tarojs', 'cli', 'bin', 'taro')
  const r = spawnSync(process.execPath, [taro, 'build', '--type', 'weapp'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', TARO_APP_API_BASE_URL: HARNESS_API_ORIGIN },
  })
  const log = `${r.stdout ?? ''}${r.stderr ?? ''}`
  return { ok: r.status === 0 && staleReason() === null, ms: Date.now() - started, log }
}
