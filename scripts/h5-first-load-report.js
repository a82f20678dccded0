#!/usr/bin/env node
/**
 * What the H5 first load is made of: the JS files index.html names (or the files given
 * as arguments, e.g. a page's chunk `js/6680.<hash>.js`), broken down by the source each byte of
 * the minified output came from, as gzip -9 KiB (each file's gzip size shared out in proportion to
 * its bytes: an estimate, good for ranking). Needs the hidden source maps of a stats build:
 *
 *   H5_STATS=/tmp/stats.json NODE_ENV=production npm run build:h5
 *   node scripts/h5-first-load-report.js [js/<chunk>.js …]      (DEEP=1: per file, TOP=n rows)
 *
 * A normal `npm run build:h5` writes no source maps (and CSS loaded through JS carries its own
 * inline map in a stats build, so CSS figures are high there).
 */
const fs = require('fs')
const path = require('path')
const zlib = require('zlib')
const { SourceMapConsumer } = require('source-map-js')

const dir = path.resolve(__dirname, '..', 'dist', 'h5')
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
const files = process.argv.length > 2 ? process.argv.slice(2) : [...html.matchAll(/src="\/(js\/[^"]+)"/g)].map((m) => m[1])
const bySource = {}
for (const file of files) {
  const code = fs.readFileSync(path.join(dir, file), 'utf8')
  if (!fs.existsSync(path.join(dir, `${file}.map`))) {
    console.error(`${file}.map not found: build with H5_STATS=… first (see the top of this file)`)
    process.exit(2)
  }
  const gz = zlib.gzipSync(code, { level: 9 }).length
  const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8')))
  const lines = code.split('\n')
  let prev = null
  map.eachMapping((m) => {
    if (prev) {
      const len =
        m.generatedLine === prev.generatedLine ? m.generatedColumn - prev.generatedColumn : lines[prev.generatedLine - 1].length - prev.generatedColumn
      let key = (prev.source || '?').replace(/^webpack:\/\/[^/]*\//, '')
      const pkg = key.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?/)
      key = pkg ? `npm:${pkg[1]}${process.env.DEEP ? pkg[2] || '' : ''}` : process.env.DEEP ? key : key.split('/').slice(0, 3).join('/')
      bySource[key] = (bySource[key] || 0) + (len * gz) / code.length
    }
    prev = m
  })
  console.log(`${file}: ${(code.length / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped`)
}
for (const [key, bytes] of Object.entries(bySource)
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(process.env.TOP || 40))) {
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)}  ${key}`)
}
