#!/usr/bin/env node
/**
 * Draws the demo microsite's pictures (server/public/microsite/demo/): banners, tile icons,
 * article pictures and the album's photos with their thumbnails. They are drawn here (SVG shapes
 * photographed by Debian's Chromium), not downloaded: the product must run without the internet,
 * and every picture is ours to ship. Run once after changing a drawing; the output is committed.
 *
 *   node scripts/microsite-demo-images.js
 */
const fs = require('fs')
const path = require('path')
const { chromium } = require('playwright-core')

const OUT = path.resolve(__dirname, '..', 'server', 'public', 'microsite', 'demo')

// ---- drawings (SVG) ----

const skyline = (w, h, base) => {
  let x = 0
  let s = ''
  let i = 0
  while (x < w) {
    const bw = 30 + ((i * 37) % 50)
    const bh = 60 + ((i * 53) % 140)
    s += `<rect x="${x}" y="${h - bh - base}" width="${bw}" height="${bh + base}" fill="rgba(255,255,255,${0.12 + (i % 3) * 0.06})"/>`
    x += bw + 6
    i++
  }
  return s
}

function banner(w, h, c1, c2) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w * 0.82}" cy="${h * 0.28}" r="${h * 0.42}" fill="rgba(255,255,255,0.08)"/>
  <circle cx="${w * 0.95}" cy="${h * 0.8}" r="${h * 0.3}" fill="rgba(255,255,255,0.06)"/>
  ${skyline(w, h, 0)}
</svg>`
}

// banners carry no words: the app lays the page's title over them in the attendee's language

/** an isometric block: top, left and right faces */
function block(cx, cy, s, hgt, top, left, right) {
  const dx = s
  const dy = s / 2
  const p = (pts) => pts.map(([x, y]) => `${x},${y}`).join(' ')
  return `<polygon points="${p([
    [cx, cy - hgt],
    [cx + dx, cy + dy - hgt],
    [cx, cy + 2 * dy - hgt],
    [cx - dx, cy + dy - hgt],
  ])}" fill="${top}"/>
  <polygon points="${p([
    [cx - dx, cy + dy - hgt],
    [cx, cy + 2 * dy - hgt],
    [cx, cy + 2 * dy],
    [cx - dx, cy + dy],
  ])}" fill="${left}"/>
  <polygon points="${p([
    [cx + dx, cy + dy - hgt],
    [cx, cy + 2 * dy - hgt],
    [cx, cy + 2 * dy],
    [cx + dx, cy + dy],
  ])}" fill="${right}"/>`
}

function isoBanner(w, h) {
  const blocks = [
    [w * 0.62, h * 0.28, 70, 120, '#fde68a', '#f59e0b', '#d97706'],
    [w * 0.78, h * 0.4, 55, 70, '#bfdbfe', '#3b82f6', '#1d4ed8'],
    [w * 0.48, h * 0.46, 50, 50, '#c7d2fe', '#6366f1', '#4338ca'],
    [w * 0.9, h * 0.58, 40, 40, '#a7f3d0', '#10b981', '#047857'],
    [w * 0.66, h * 0.62, 45, 30, '#fbcfe8', '#ec4899', '#be185d'],
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 97) % w}" cy="${(i * 53) % (h * 0.6)}" r="${1 + (i % 3)}" fill="rgba(255,255,255,0.5)"/>`).join('')}
  ${block(w * 0.7, h * 0.52, 260, 0, 'rgba(255,255,255,0.12)', 'rgba(255,255,255,0.05)', 'rgba(255,255,255,0.08)')}
  ${blocks.map((b) => block(...b)).join('')}
</svg>`
}

/** tile icons: white line drawings on transparent ground (the tile's colour shows through) */
const ICONS = {
  info: '<circle cx="48" cy="48" r="30"/><line x1="48" y1="44" x2="48" y2="64"/><circle cx="48" cy="32" r="2.5" fill="#fff"/>',
  calendar:
    '<rect x="20" y="24" width="56" height="52" rx="6"/><line x1="20" y1="40" x2="76" y2="40"/><line x1="34" y1="16" x2="34" y2="30"/><line x1="62" y1="16" x2="62" y2="30"/><rect x="32" y="50" width="8" height="8" fill="#fff"/><rect x="56" y="58" width="8" height="8" fill="#fff"/>',
  pin: '<path d="M48 80 C48 80 24 56 24 40 A24 24 0 0 1 72 40 C72 56 48 80 48 80 Z"/><circle cx="48" cy="40" r="8"/>',
  mic: '<rect x="38" y="16" width="20" height="38" rx="10"/><path d="M28 46 A20 20 0 0 0 68 46"/><line x1="48" y1="66" x2="48" y2="80"/><line x1="36" y1="80" x2="60" y2="80"/>',
  photo: '<rect x="16" y="24" width="64" height="48" rx="6"/><circle cx="36" cy="40" r="6"/><path d="M18 68 L40 50 L54 62 L64 54 L78 66"/>',
  globe: '<circle cx="48" cy="48" r="30"/><ellipse cx="48" cy="48" rx="13" ry="30"/><line x1="18" y1="48" x2="78" y2="48"/><path d="M24 32 H72 M24 64 H72"/>',
  coffee:
    '<path d="M22 36 H64 V56 A16 16 0 0 1 48 72 H38 A16 16 0 0 1 22 56 Z"/><path d="M64 42 H70 A8 8 0 0 1 70 58 H64"/><path d="M34 16 Q38 22 34 28 M46 16 Q50 22 46 28"/>',
  folder: '<path d="M16 28 H40 L46 34 H80 V72 H16 Z"/><line x1="16" y1="42" x2="80" y2="42"/>',
  crown: '<path d="M18 68 L22 32 L38 48 L48 24 L58 48 L74 32 L78 68 Z"/><line x1="18" y1="76" x2="78" y2="76"/>',
  map: '<path d="M16 26 L36 18 L60 26 L80 18 V70 L60 78 L36 70 L16 78 Z"/><line x1="36" y1="18" x2="36" y2="70"/><line x1="60" y1="26" x2="60" y2="78"/>',
}
const icon = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><g fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`

/** the album's scenes: a stage, an expo hall, a crowd, the city at dusk */
function scene(kind, w, h, hue) {
  const sky = `hsl(${hue},60%,22%)`
  const sky2 = `hsl(${(hue + 40) % 360},70%,45%)`
  const head = `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${sky2}"/></linearGradient>
    <radialGradient id="l" cx="0.5" cy="0" r="0.8"><stop offset="0" stop-color="rgba(255,255,230,0.7)"/><stop offset="1" stop-color="rgba(255,255,230,0)"/></radialGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#s)"/>`
  const crowd = (y, n, r, col) =>
    Array.from({ length: n }, (_, i) => `<circle cx="${(i + 0.5) * (w / n)}" cy="${y + (i % 2) * 6}" r="${r}" fill="${col}"/>`).join('')
  if (kind === 'stage') {
    return `${head}<polygon points="${w * 0.3},0 ${w * 0.7},0 ${w * 0.9},${h} ${w * 0.1},${h}" fill="url(#l)"/>
      <rect x="${w * 0.22}" y="${h * 0.12}" width="${w * 0.56}" height="${h * 0.36}" rx="6" fill="hsl(${hue},80%,70%)" opacity="0.9"/>
      <rect x="${w * 0.26}" y="${h * 0.18}" width="${w * 0.3}" height="${h * 0.05}" fill="#fff" opacity="0.85"/>
      <rect x="${w * 0.26}" y="${h * 0.27}" width="${w * 0.44}" height="${h * 0.03}" fill="#fff" opacity="0.6"/>
      <rect x="0" y="${h * 0.6}" width="${w}" height="${h * 0.06}" fill="rgba(0,0,0,0.35)"/>
      <circle cx="${w * 0.5}" cy="${h * 0.53}" r="${h * 0.04}" fill="#111"/><rect x="${w * 0.48}" y="${h * 0.56}" width="${w * 0.04}" height="${h * 0.06}" fill="#111"/>
      ${crowd(h * 0.8, 14, h * 0.06, 'rgba(0,0,0,0.55)')}${crowd(h * 0.93, 11, h * 0.07, 'rgba(0,0,0,0.75)')}`
  }
  if (kind === 'expo') {
    return `${head}${block(w * 0.3, h * 0.42, w * 0.12, h * 0.18, `hsl(${hue},80%,80%)`, `hsl(${hue},60%,50%)`, `hsl(${hue},60%,38%)`)}
      ${block(w * 0.62, h * 0.36, w * 0.15, h * 0.26, `hsl(${(hue + 60) % 360},80%,80%)`, `hsl(${(hue + 60) % 360},60%,50%)`, `hsl(${(hue + 60) % 360},60%,38%)`)}
      ${block(w * 0.82, h * 0.55, w * 0.09, h * 0.12, `hsl(${(hue + 120) % 360},80%,80%)`, `hsl(${(hue + 120) % 360},60%,50%)`, `hsl(${(hue + 120) % 360},60%,38%)`)}
      <rect x="0" y="${h * 0.84}" width="${w}" height="${h * 0.16}" fill="rgba(0,0,0,0.25)"/>${crowd(h * 0.88, 9, h * 0.045, 'rgba(0,0,0,0.5)')}`
  }
  if (kind === 'crowd') {
    return `${head}<circle cx="${w * 0.8}" cy="${h * 0.22}" r="${h * 0.12}" fill="rgba(255,240,200,0.85)"/>
      ${crowd(h * 0.55, 8, h * 0.08, 'rgba(255,255,255,0.25)')}${crowd(h * 0.7, 10, h * 0.09, 'rgba(0,0,0,0.35)')}${crowd(h * 0.88, 7, h * 0.12, 'rgba(0,0,0,0.6)')}`
  }
  return `${head}<circle cx="${w * 0.25}" cy="${h * 0.3}" r="${h * 0.1}" fill="rgba(255,220,180,0.8)"/>
    <g transform="translate(0,${h * 0.05})">${skyline(w, h, 0)}</g>
    <rect x="${w * 0.58}" y="${h * 0.08}" width="${w * 0.04}" height="${h * 0.8}" fill="rgba(255,255,255,0.3)"/>
    <circle cx="${w * 0.6}" cy="${h * 0.32}" r="${w * 0.04}" fill="rgba(255,255,255,0.35)"/>
    <rect x="0" y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="rgba(0,0,0,0.45)"/>`
}
const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`

const PHOTO_KINDS = ['stage', 'expo', 'crowd', 'city']

async function main() {
  fs.mkdirSync(path.join(OUT, 'icons'), { recursive: true })
  fs.mkdirSync(path.join(OUT, 'album'), { recursive: true })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  const page = await browser.newPage({ deviceScaleFactor: 1 })
  const shoot = async (file, markup, w, h, type = 'jpeg') => {
    await page.setViewportSize({ width: w, height: h })
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`)
    const opts = { path: path.join(OUT, file), type, clip: { x: 0, y: 0, width: w, height: h } }
    await page.screenshot(type === 'jpeg' ? { ...opts, quality: 72 } : { ...opts, omitBackground: true })
  }
  await shoot('banner-sudoku.jpg', banner(750, 320, '#1d4ed8', '#7c3aed'), 750, 320)
  await shoot('banner-25d.jpg', isoBanner(750, 400), 750, 400)
  for (const [name, body] of Object.entries(ICONS)) await shoot(`icons/${name}.png`, icon(body), 96, 96, 'png')
  await shoot('welcome-cover.jpg', svg(720, 360, scene('city', 720, 360, 215)), 720, 360)
  await shoot('welcome-1.jpg', svg(720, 405, scene('expo', 720, 405, 190)), 720, 405)
  await shoot('keynote-cover.jpg', svg(720, 360, scene('stage', 720, 360, 260)), 720, 360)
  await shoot('keynote-1.jpg', svg(720, 405, scene('crowd', 720, 405, 20)), 720, 405)
  await shoot('keynote-2.jpg', svg(720, 405, scene('stage', 720, 405, 330)), 720, 405)
  for (let i = 1; i <= 14; i++) {
    const kind = PHOTO_KINDS[(i - 1) % PHOTO_KINDS.length]
    const hue = (i * 47) % 360
    const n = String(i).padStart(2, '0')
    await shoot(`album/photo-${n}.jpg`, svg(720, 480, scene(kind, 720, 480, hue)), 720, 480)
    await shoot(`album/photo-${n}-thumb.jpg`, svg(360, 240, scene(kind, 360, 240, hue)), 360, 240)
  }
  await browser.close()
  console.log(`pictures written to ${path.relative(process.cwd(), OUT)}`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
