#!/usr/bin/env node
/**
 * H5 first-load budget: at most 1.3× the bare Taro 4 + React page (bench/bare-taro) built
 * by the same toolchain, every file at gzip -9. Three figures:
 * - app shell: the JS and CSS index.html names (what every visit fetches before any page shows);
 * - entry page, fresh visit: the shell, the index page's chunks and the login page's chunks (a
 *   first-time attendee opening the event link goes from one to the other);
 * - train results, fresh visit: the shell, the results page's chunks and the chunk that starts its
 *   search at launch (src/app.ts, `train-early`).
 * The page chunks come from dist/h5-pages.json (config/taro-plugins/h5-lean/page-chunk-map.js, written
 * by every H5 build), so these are the files Chromium fetches on such a visit (`scripts/lighthouse.ts`
 * counts them in the browser: the same figures). The bare page's fresh visit is its shell and its
 * one page's chunks (dist/bench-bare/h5-pages.json, the same plugin).
 *
 * Builds the bare page when dist/bench-bare/h5 is missing (about a minute); reads dist/h5 (run
 * `npm run build:h5` first). Exits 1 when a figure in ENFORCED is over budget; the others are
 * printed with their ratio (H5_SIZE_ENFORCE=shell,entry,trainResults picks the enforced ones).
 */
const fs = require('fs')
const path = require('path')
const zlib = require('zlib')
const { execFileSync } = require('child_process')

const root = path.resolve(__dirname, '..')
const app = path.join(root, 'dist', 'h5')
const bare = path.join(root, 'dist', 'bench-bare', 'h5')
const RATIO_BUDGET = 1.3
/** the figures held to the budget: the shell unless H5_SIZE_ENFORCE names others (CI names all three) */
const ENFORCED = new Set((process.env.H5_SIZE_ENFORCE ?? 'shell').split(','))

const gzipOf = (dir, f) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length
const sum = (dir, files) => [...files].reduce((n, f) => n + gzipOf(dir, f), 0)
/** the JS and CSS files index.html names */
function shellFiles(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
  return [...html.matchAll(/(?:src|href)="\/?((?:js|css)\/[^"]+)"/g)].map((m) => m[1])
}

if (!fs.existsSync(path.join(app, 'index.html'))) {
  console.error('dist/h5/index.html not found: run `npm run build:h5` first')
  process.exit(2)
}
const pagesFile = path.join(root, 'dist', 'h5-pages.json')
if (!fs.existsSync(pagesFile)) {
  console.error('dist/h5-pages.json not found: rebuild with `npm run build:h5`')
  process.exit(2)
}
const barePagesFile = path.join(root, 'dist', 'bench-bare', 'h5-pages.json')
if (!fs.existsSync(path.join(bare, 'index.html')) || !fs.existsSync(barePagesFile)) {
  console.log('building the bare Taro page (bench/bare-taro) …')
  execFileSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: path.join(root, 'bench', 'bare-taro'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'ignore',
  })
}
/** the files of a page's chunks, from a build's page map */
function pageFilesOf(mapFile) {
  const pages = JSON.parse(fs.readFileSync(mapFile, 'utf8'))
  return (page) => {
    if (!pages[page]) throw new Error(`${path.relative(root, mapFile)} has no ${page}`)
    return pages[page]
  }
}
const pageFiles = pageFilesOf(pagesFile)

const shell = shellFiles(app)
const bareShell = shellFiles(bare)
const bareVisit = new Set([...bareShell, ...pageFilesOf(barePagesFile)('pages/index/index')])
const figures = [
  { key: 'shell', label: 'app shell (index.html)', files: new Set(shell), ref: sum(bare, bareShell), refLabel: 'its shell' },
  {
    key: 'entry',
    label: 'entry page, fresh visit',
    files: new Set([...shell, ...pageFiles('pages/index/index'), ...pageFiles('pages/pagesUser/login/login')]),
    ref: sum(bare, bareVisit),
    refLabel: 'its fresh visit',
  },
  {
    key: 'trainResults',
    label: 'train results, fresh visit',
    files: new Set([...shell, ...pageFiles('pages/trainTicket/searchTicketList/index'), ...pageFiles('chunk:train-early')]),
    ref: sum(bare, bareVisit),
    refLabel: 'its fresh visit',
  },
]
let failed = false
for (const f of figures) {
  const ours = sum(app, f.files)
  const ratio = ours / f.ref
  const over = ratio > RATIO_BUDGET
  const enforced = ENFORCED.has(f.key)
  console.log(
    `H5 ${f.label}: ${f.files.size} files, ${(ours / 1024).toFixed(1)} KiB gzipped; bare Taro page, ${f.refLabel}: ${(f.ref / 1024).toFixed(1)} KiB: ×${ratio.toFixed(2)} (budget ×${RATIO_BUDGET})` +
      (over ? (enforced ? ' OVER BUDGET' : ' over budget (not enforced yet)') : ''),
  )
  if (over && enforced) failed = true
}
if (failed) {
  console.error(`H5 first-load budget exceeded (enforced: ${[...ENFORCED].join(', ')})`)
  // SIZE_BUDGETS=warn: a missed budget is said, not failed (to read every figure of a build known to be over)
  if (process.env.SIZE_BUDGETS !== 'warn') process.exit(1)
}
