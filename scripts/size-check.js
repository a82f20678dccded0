#!/usr/bin/env node
/**
 * Mini-program package budget: WeChat warns above 1.5 MB for the main package and refuses more
 * than 2 MB for any package. Reads dist/weapp (run `npm run build:weapp` first), prints each
 * package's size, exits 1 when a budget is broken.
 */
const fs = require('fs')
const path = require('path')

const dist = path.resolve(__dirname, '..', 'dist', 'weapp')
const MAIN_BUDGET = 1.5 * 1024 * 1024
const SUB_BUDGET = 2 * 1024 * 1024

function size(dir, skip = []) {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (skip.includes(p)) continue
    total += entry.isDirectory() ? size(p, skip) : fs.statSync(p).size
  }
  return total
}

if (!fs.existsSync(path.join(dist, 'app.json'))) {
  console.error('dist/weapp/app.json not found: run `npm run build:weapp` first')
  process.exit(2)
}
const app = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
const subs = (app.subPackages || app.subpackages || []).map((s) => path.join(dist, s.root))
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`
let failed = false

const main = size(dist, subs)
console.log(`main package: ${kb(main)} (budget ${kb(MAIN_BUDGET)})`)
if (main > MAIN_BUDGET) failed = true
for (const dir of subs) {
  const s = fs.existsSync(dir) ? size(dir) : 0
  console.log(`subpackage ${path.relative(dist, dir)}: ${kb(s)} (budget ${kb(SUB_BUDGET)})`)
  if (s >= SUB_BUDGET) failed = true
}
// every registered page must have been built (a page missing its files is a white screen in WeChat)
const allPages = [...app.pages, ...(app.subPackages || []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
const missing = allPages.filter((p) => !['.js', '.json', '.wxml'].every((ext) => fs.existsSync(path.join(dist, p + ext))))
console.log(`pages registered: ${allPages.length} (${app.pages.length} main, ${allPages.length - app.pages.length} in subpackages)`)
if (missing.length) {
  console.error(`pages registered but not built: ${missing.join(', ')}`)
  failed = true
}
if (failed) {
  console.error('size budget exceeded')
  process.exit(1)
}
