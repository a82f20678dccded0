#!/usr/bin/env node
/**
 * Mini-program package budget: the main package at most 600 KB and each subpackage at
 * most 1 MB — well inside WeChat's own limits (2 MB per package, a warning above 1.5 MB), so that a
 * first open on a venue's network stays quick. Reads dist/weapp (run `npm run build:weapp` first),
 * prints each package's size, exits 1 when a budget is broken. `packageSizes()` is what
 * `npm run bench` reads.
 */
const fs = require('fs')
const path = require('path')

const dist = path.resolve(__dirname, '..', 'dist', 'weapp')
const KB = 1024
const MAIN_BUDGET = 600 * KB
const SUB_BUDGET = 1024 * KB
/** WeChat's own limits: a warning above 1.5 MB for the main package, a refusal above 2 MB for any */
const MAIN_LIMIT = 1.5 * 1024 * KB
const PACKAGE_LIMIT = 2 * 1024 * KB
/**
 * SIZE_BUDGETS=warn: a missed budget is printed as OVER BUDGET but does not fail (to read every
 * figure of a build known to be over); WeChat's limits and unbuilt pages always fail.
 */
const budgetsWarnOnly = process.env.SIZE_BUDGETS === 'warn'

function size(dir, skip = []) {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (skip.includes(p)) continue
    total += entry.isDirectory() ? size(p, skip) : fs.statSync(p).size
  }
  return total
}

/** bytes of the main package and of each subpackage (by root), and the pages registered but not built */
function packageSizes(dir = dist) {
  const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8'))
  const roots = (app.subPackages || app.subpackages || []).map((s) => s.root)
  const sub = {}
  for (const root of roots) sub[root] = fs.existsSync(path.join(dir, root)) ? size(path.join(dir, root)) : 0
  const allPages = [...app.pages, ...(app.subPackages || app.subpackages || []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
  const missing = allPages.filter((p) => !['.js', '.json', '.wxml'].every((ext) => fs.existsSync(path.join(dir, p + ext))))
  return {
    main: size(
      dir,
      roots.map((r) => path.join(dir, r)),
    ),
    sub,
    pages: allPages.length,
    mainPages: app.pages.length,
    missing,
  }
}

module.exports = { packageSizes, MAIN_BUDGET, SUB_BUDGET }

if (require.main === module) {
  if (!fs.existsSync(path.join(dist, 'app.json'))) {
    console.error('dist/weapp/app.json not found: run `npm run build:weapp` first')
    process.exit(2)
  }
  const s = packageSizes()
  const kb = (n) => `${(n / KB).toFixed(1)} KB`
  let failed = false
  const check = (name, bytes, budget, limit) => {
    const over = bytes > budget ? `: OVER BUDGET by ${kb(bytes - budget)}` : ''
    console.log(`${name}: ${kb(bytes)} (budget ${kb(budget)}, WeChat's limit ${kb(limit)})${over}`)
    if (bytes > limit || (over && !budgetsWarnOnly)) failed = true
  }
  check('main package', s.main, MAIN_BUDGET, MAIN_LIMIT)
  for (const [root, bytes] of Object.entries(s.sub)) check(`subpackage ${root}`, bytes, SUB_BUDGET, PACKAGE_LIMIT)
  // every registered page must have been built (a page missing its files is a white screen in WeChat)
  console.log(`pages registered: ${s.pages} (${s.mainPages} main, ${s.pages - s.mainPages} in subpackages)`)
  if (s.missing.length) {
    console.error(`pages registered but not built: ${s.missing.join(', ')}`)
    failed = true
  }
  if (failed) {
    console.error('size budget exceeded')
    process.exit(1)
  }
}
