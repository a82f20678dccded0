/**
 * `npm run bench`: sizes, page speed and server throughput, each speed figure beside a
 * reference measured in the same run (the machine is shared and noisy: ratios, not absolutes).
 * Prints one table and writes reports/bench.json. Starts and stops everything itself, downloads
 * nothing, and stops after BENCH_DEADLINE_S (default 840 s) whatever is left.
 *
 * Steps (BENCH_ONLY=build,sizes,api,pg,pages picks some; default all):
 *  - build: weapp, H5, the console and the bare Taro reference app (bench/bare-taro) with the same toolchain;
 *  - sizes: weapp main package and subpackages (scripts/size-check.js), H5 as served per encoding
 *    (scripts/bench-h5.ts), the console's first load beside a bare Ant Design page (scripts/bench-console.ts);
 *  - api / pg: scripts/bench-api.ts on PGlite, then on a throwaway PostgreSQL (scripts/pg-test.sh --run);
 *  - pages: scripts/lighthouse.ts — Lighthouse on login, home, train results, registration form and
 *    the bare page; the H5 first load of the entry page, the train results page and the bare page;
 *    the 300-train list.
 * Figures are printed, never asserted: CI checks only the sizes (`npm run size`).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import type { DoorFigure } from './bench-door'
import type { AttendeeListFigure, DashboardFigure, DeskFigure } from './bench-api'
import type { ConsoleFirstLoad } from './bench-console'

const root = path.resolve(__dirname, '..')
const reports = path.join(root, 'reports')
const ONLY = new Set((process.env.BENCH_ONLY ?? 'build,sizes,api,pg,pages').split(','))
const DEADLINE_S = Number(process.env.BENCH_DEADLINE_S ?? 840)
const started = Date.now()
/** the console's first load may weigh this much beside a bare Ant Design page (its texts, router, request client, pages) */
const CONSOLE_RATIO_BUDGET = 1.5
const running = new Set<ChildProcess>()

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { packageSizes, MAIN_BUDGET, SUB_BUDGET } = require('./size-check.js') as {
  packageSizes: () => { main: number; sub: Record<string, number>; missing: string[] }
  MAIN_BUDGET: number
  SUB_BUDGET: number
}

/** a step as a child process of its own (its own process group, so stopping it stops its children) */
function run(name: string, cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutS: number }): Promise<boolean> {
  const left = DEADLINE_S - (Date.now() - started) / 1000
  if (left < 20) {
    console.log(`[bench] ${name}: skipped, the run's ${DEADLINE_S} s are nearly spent`)
    return Promise.resolve(false)
  }
  const t0 = Date.now()
  console.log(`[bench] ${name} …`)
  const child = spawn(cmd, args, { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env }, stdio: 'inherit', detached: true })
  running.add(child)
  const timer = setTimeout(
    () => {
      console.log(`[bench] ${name}: stopped after ${Math.round(Math.min(opts.timeoutS, left))} s`)
      stop(child)
    },
    Math.min(opts.timeoutS, left) * 1000,
  )
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer)
      running.delete(child)
      console.log(`[bench] ${name}: ${code === 0 ? 'done' : `failed (${code})`} in ${Math.round((Date.now() - t0) / 1000)} s`)
      resolve(code === 0)
    })
  })
}

function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

const readJson = <T>(file: string): T | null => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null)
const tsx = require.resolve('tsx/cli')

interface ApiOut {
  db: string
  api: Record<string, { db: string; rps: number; p50_ms: number; p99_ms: number; bare_rps: number; ratio: number; failures: Record<string, number> }>
  storm: Record<string, number> | null
  door: DoorFigure | null
  attendeeList?: AttendeeListFigure | null
  dashboard?: DashboardFigure | null
  desk?: DeskFigure | null
  seats: { doubleSold: number; orders: number; activeHolds: number } | null
  rss_mb_peak: number
}
interface PagesOut {
  lighthouse: Record<string, { perf: number; a11y: number; lcp_ms: number; tbt_ms: number; cls: number; failing: string[] }>
  firstLoad: Record<string, { files: number; raw_kb: number; gz_kb: number }>
  slowPaint?: Record<string, { first_paint_ms: number | null; first_contentful_paint_ms: number | null; ready_ms: number }>
  longList: Record<string, number> | null
}

async function main(): Promise<void> {
  fs.mkdirSync(reports, { recursive: true })
  // a watchdog: whatever happens, the run ends
  const watchdog = setTimeout(() => {
    console.log(`[bench] ${DEADLINE_S} s reached: stopping`)
    for (const c of running) stop(c)
  }, DEADLINE_S * 1000)
  watchdog.unref()
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-bench-out-'))

  if (ONLY.has('build')) {
    await run('build weapp', 'npm', ['run', '-s', 'build:weapp'], { timeoutS: 240 })
    await run('build h5', 'npm', ['run', '-s', 'build:h5'], { timeoutS: 240 })
    await run('build console', 'npm', ['run', '-s', 'build:console'], { timeoutS: 120 })
    await run('build bare Taro page', 'npx', ['taro', 'build', '--type', 'h5'], {
      cwd: path.join(root, 'bench', 'bare-taro'),
      env: { NODE_ENV: 'production' },
      timeoutS: 180,
    })
  }
  if (ONLY.has('sizes')) {
    await run('H5 as served', process.execPath, [tsx, path.join(__dirname, 'bench-h5.ts')], { timeoutS: 60 })
    await run('console first load', process.execPath, [tsx, path.join(__dirname, 'bench-console.ts')], {
      env: { BENCH_OUT: path.join(tmp, 'console.json') },
      timeoutS: 120,
    })
  }
  if (ONLY.has('api'))
    await run('server on PGlite', process.execPath, [tsx, path.join(__dirname, 'bench-api.ts')], {
      env: { BENCH_OUT: path.join(tmp, 'api-pglite.json') },
      timeoutS: 180,
    })
  if (ONLY.has('pg')) {
    await run('server on PostgreSQL', 'bash', [path.join(__dirname, 'pg-test.sh'), '--run', process.execPath, tsx, path.join(__dirname, 'bench-api.ts')], {
      env: { BENCH_OUT: path.join(tmp, 'api-postgres.json') },
      timeoutS: 180,
    })
  }
  if (ONLY.has('pages'))
    await run('pages (Lighthouse, first load, long list)', process.execPath, [tsx, path.join(__dirname, 'lighthouse.ts')], {
      env: { LH_OUT: path.join(tmp, 'pages.json') },
      timeoutS: 420,
    })

  // ---- the report
  const report: Record<string, unknown> = {
    at: new Date().toISOString(),
    cores: os.cpus().length,
    load_average: os.loadavg()[0],
    seconds: Math.round((Date.now() - started) / 1000),
  }
  const rows: Array<[string, string, string, string]> = []
  const kb = (n: number) => Math.round(n / 102.4) / 10

  if (fs.existsSync(path.join(root, 'dist', 'weapp', 'app.json'))) {
    const s = packageSizes()
    report.weapp = { main_kb: kb(s.main), sub_kb: Object.fromEntries(Object.entries(s.sub).map(([k, v]) => [k, kb(v)])) }
    rows.push(['weapp main package', `${kb(s.main)} KB`, '', `≤ ${MAIN_BUDGET / 1024} KB ${s.main <= MAIN_BUDGET ? 'ok' : 'MISSED'}`])
    for (const [root_, bytes] of Object.entries(s.sub))
      rows.push([`weapp ${root_}`, `${kb(bytes)} KB`, '', `≤ ${SUB_BUDGET / 1024} KB ${bytes <= SUB_BUDGET ? 'ok' : 'MISSED'}`])
  }

  const consoleLoad = readJson<ConsoleFirstLoad>(path.join(tmp, 'console.json'))
  if (consoleLoad) {
    report.console_first_load = consoleLoad
    for (const [label, kib] of [
      ['console first load, login (gzip)', consoleLoad.login_gz_kb],
      ['console first load, attendee list (gzip)', consoleLoad.attendee_list_gz_kb],
    ] as const) {
      if (kib === null) continue
      const ratio = kib / consoleLoad.bare_gz_kb
      rows.push([
        label,
        `${kib} KiB`,
        `bare antd ${consoleLoad.bare_gz_kb} KiB`,
        `×${ratio.toFixed(2)} (≤ ${CONSOLE_RATIO_BUDGET} ${ratio <= CONSOLE_RATIO_BUDGET ? 'ok' : 'MISSED'})`,
      ])
    }
  }

  const pages = readJson<PagesOut>(path.join(tmp, 'pages.json'))
  if (pages) {
    const fl = pages.firstLoad
    const bareGz = fl.bare?.gz_kb ?? NaN
    report.h5 = { first_load_gz_kb: fl.entry?.gz_kb, train_results_gz_kb: fl.trainResults?.gz_kb, bare_gz_kb: bareGz, first_load: fl }
    for (const [name, label] of [
      ['entry', 'H5 first load, entry page'],
      ['trainResults', 'H5 first load, train results'],
    ] as const) {
      const f = fl[name]
      if (f)
        rows.push([
          `${label} (gzip)`,
          `${f.gz_kb} KiB`,
          `bare ${bareGz} KiB`,
          `×${(f.gz_kb / bareGz).toFixed(2)} (≤ 1.3 ${f.gz_kb <= 1.3 * bareGz ? 'ok' : 'MISSED'})`,
        ])
    }
    const slow = pages.slowPaint ?? {}
    if (slow.entry) {
      report.h5_slow_network = slow
      const fcp = slow.entry.first_contentful_paint_ms ?? NaN
      rows.push([
        'H5 entry at 400 kbit/s, 400 ms: first contentful paint',
        `${fcp} ms (page ready ${slow.entry.ready_ms} ms)`,
        slow.bare ? `bare ${slow.bare.first_contentful_paint_ms} ms (ready ${slow.bare.ready_ms} ms)` : '',
        `≤ 1500 ms ${fcp <= 1500 ? 'ok' : 'MISSED'}`,
      ])
    }
    report.lighthouse = pages.lighthouse
    const bare = pages.lighthouse.bare
    for (const [name, f] of Object.entries(pages.lighthouse)) {
      if (name === 'bare') continue
      const ok = f.perf >= 95 && f.a11y >= 95
      rows.push([
        `Lighthouse ${name}`,
        `perf ${f.perf} a11y ${f.a11y} LCP ${f.lcp_ms} ms TBT ${f.tbt_ms} ms CLS ${f.cls}`,
        bare ? `bare perf ${bare.perf} a11y ${bare.a11y} LCP ${bare.lcp_ms} ms` : '',
        `≥ 95/95 ${ok ? 'ok' : 'MISSED'}`,
      ])
    }
    if (pages.longList) {
      report.long_list = pages.longList
      const l = pages.longList
      rows.push([`${l.trains} trains list`, `first screen ${l.first_screen_ms} ms, to the end ${l.scroll_to_end_ms} ms`, `DOM nodes ${l.dom_nodes}`, ''])
    }
  }

  const api: Record<string, unknown> = {}
  let rss = 0
  for (const db of ['pglite', 'postgres']) {
    const out = readJson<ApiOut>(path.join(tmp, `api-${db}.json`))
    if (!out) continue
    rss = Math.max(rss, out.rss_mb_peak)
    for (const [call, f] of Object.entries(out.api)) {
      // one key per call and database: getEventByHash (PGlite), getEventByHash@postgres
      api[db === 'pglite' ? call : `${call}@${db}`] = f
      const budget =
        call === 'saveTrainOrder'
          ? db === 'postgres'
            ? `≥ 700/s ${f.rps >= 700 ? 'ok' : 'MISSED'}`
            : ''
          : call === 'passwordLogin'
            ? ''
            : `≥ ×0.25, p99 ≤ 50 ms ${f.ratio >= 0.25 && f.p99_ms <= 50 ? 'ok' : 'MISSED'}`
      rows.push([`${call} (${db})`, `${f.rps}/s p50 ${f.p50_ms} ms p99 ${f.p99_ms} ms`, `bare ${f.bare_rps}/s`, `×${f.ratio.toFixed(3)} ${budget}`])
    }
    if (out.seats)
      rows.push([
        `seats after the order run (${db})`,
        `${out.seats.orders} orders, ${out.seats.activeHolds} held`,
        '',
        `sold twice: ${out.seats.doubleSold} ${out.seats.doubleSold === 0 ? 'ok' : 'MISSED'}`,
      ])
    if (out.storm)
      rows.push([
        `getEventByHash under a login storm (${db})`,
        `${out.storm.during_rps}/s`,
        `alone ${out.storm.alone_rps}/s`,
        `×${out.storm.ratio} (≥ 0.5 ${out.storm.ratio >= 0.5 ? 'ok' : 'MISSED'})`,
      ])
    if (out.attendeeList) {
      const a = out.attendeeList
      rows.push([
        `console attendee list, a filtered page of ${a.attendees} (${db})`,
        `p50 ${a.p50_ms} ms p99 ${a.p99_ms} ms`,
        '',
        `p99 ≤ 300 ms ${a.p99_ms <= 300 && !Object.keys(a.failures).length ? 'ok' : 'MISSED'}`,
      ])
    }
    if (out.dashboard) {
      const d = out.dashboard
      rows.push([
        `console live dashboard, ${d.attendees} attendees and ${d.checkins} check-ins (${db})`,
        `p50 ${d.p50_ms} ms p99 ${d.p99_ms} ms`,
        '',
        `p99 ≤ 1000 ms ${d.p99_ms <= 1000 && !Object.keys(d.failures).length ? 'ok' : 'MISSED'}`,
      ])
    }
    if (out.desk) {
      const d = out.desk
      rows.push([
        `check-in desks, ${d.desks} scanning at once over ${d.attendees} attendees (${db})`,
        `p50 ${d.p50_ms} ms p99 ${d.p99_ms} ms (each at its own moment); all in the same instant p50 ${d.together_p50_ms} ms p99 ${d.together_p99_ms} ms; snapshot ${d.snapshot_kb} KB in ${d.snapshot_ms} ms`,
        '',
        `p99 ≤ 300 ms ${d.p99_ms <= 300 && !Object.keys(d.failures).length ? 'ok' : 'MISSED'}`,
      ])
    }
    if (out.door) {
      const d = out.door
      const tell = (t: Record<string, number>) =>
        Object.entries(t)
          .map(([k, v]) => `${k || 'ok'}×${v}`)
          .join(' ')
      const allIn = d.logged_in === d.attendees
      rows.push([
        `door rush, ${d.attendees} attendees behind one address (${db})`,
        `${d.logged_in} logged in by code, ${d.real_s} s real, ${d.server_minutes} min on the server's clock`,
        `abuser there: codes asked ${tell(d.abuser.codeRequests)}; code guesses ${tell(d.abuser.codeGuesses)}; passwords ${tell(d.abuser.passwordGuesses)}`,
        `all in within 10 min ${allIn && d.server_minutes <= 10.5 ? 'ok' : 'MISSED'}`,
      ])
    }
    report[`door_${db}`] = out.door
    report[`storm_${db}`] = out.storm
    report[`seats_${db}`] = out.seats
  }
  if (Object.keys(api).length) {
    report.api = api
    report.rss_mb_peak = rss
    rows.push(['server peak resident memory', `${rss} MB`, '', ''])
  }

  fs.writeFileSync(path.join(reports, 'bench.json'), JSON.stringify(report, null, 2))
  fs.rmSync(tmp, { recursive: true, force: true })
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), 6))
  console.log(`\nnpm run bench — ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, ${report.seconds} s`)
  console.log(`${'figure'.padEnd(w[0])} | ${'measured'.padEnd(w[1])} | ${'reference'.padEnd(w[2])} | ratio / budget`)
  console.log(`${'-'.repeat(w[0])}-|-${'-'.repeat(w[1])}-|-${'-'.repeat(w[2])}-|---------------`)
  for (const r of rows) console.log(`${r[0].padEnd(w[0])} | ${r[1].padEnd(w[1])} | ${r[2].padEnd(w[2])} | ${r[3]}`)
  console.log(`\nreports/bench.json written`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    for (const c of running) stop(c)
    process.exit(1)
  },
)
