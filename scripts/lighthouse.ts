/**
 * `npx tsx scripts/lighthouse.ts` (also a step of `npm run bench`): Lighthouse, mobile preset
 * (its default: Moto G Power screen, simulated slow 4G and 4× CPU slowdown), on the login page, the
 * home page, the train results page and the registration form of the demo event (LH_LANGS, default
 * `zh`; `zh,en` for both languages), and on the bare Taro page (bench/bare-taro, served by the
 * product's own static plugin on its own port). Prints performance, accessibility, LCP, TBT, CLS,
 * the bytes transferred and every accessibility audit that fails. In the same browser:
 * - H5 first load: the JS and CSS a fresh visit fetches for the entry page, the train results page
 *   and the bare page, each file counted at its gzip -9 size (what a gzip-only browser gets);
 * - slow network: a fresh visit to the entry page and to the bare page at 400 kbit/s with 400 ms
 *   round trips: first paint, first contentful paint, and when the page's own content shows;
 * - long list: the train results page with 300 trains (the search answer is widened in the browser
 *   to 300 trains of the real answer), time from navigation to the first row on screen, time to
 *   scroll to the last row, and the DOM nodes of the page.
 * LH_OUT: also write these figures as JSON there (npm run bench does). LH_FILES=1: list each first-load file. LH_PAGES=login,register,home,
 * trainResults,bare: audit only those.
 *
 * Figures are printed, never asserted: on a shared 2-core machine performance moves by several
 * points from run to run (accessibility does not).
 *
 * - LH_BASE_URL=http://localhost:3000: audit a product that is already running. Without it the
 *   script starts one itself (scripts/start.js with SKIP_BUILD=1 on a free port and a throwaway
 *   database; it builds dist/h5 only when there is none).
 * - LH_RUNS (default 1): runs per page and language; the median performance run is reported.
 * - LH_REPORT_DIR: also write each Lighthouse JSON report there.
 * - LH_THROTTLING=devtools: really slow the network and CPU down instead of Lighthouse's default
 *   simulation from an unthrottled load (slower, but TBT then counts the tasks as they ran).
 *
 * Chromium is Debian's /usr/bin/chromium (CHROMIUM_PATH to change it): nothing here ever downloads
 * a browser. Lighthouse needs a DevTools port, which is why chrome-launcher starts it and
 * puppeteer-core (the same driver Lighthouse uses inside) logs in and picks the language.
 */
import fs from 'node:fs'
import net from 'node:net'
import zlib from 'node:zlib'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import zhCN from '../src/locales/zh-CN'
import en from '../src/locales/en'
import Fastify from 'fastify'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium'
import staticSite from '../server/src/kernel/http/plugins/static'
import { DEMO_RAILWAY_ACCOUNT } from '../server/src/train/railway'
import { loginRailway, queryTrainTicket, type TrainListView } from '../contracts/calls/train'

const root = path.resolve(__dirname, '..')
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1))
const LANGS = (process.env.LH_LANGS ?? 'zh').split(',') as Array<'zh' | 'en'>
const BARE_DIR = path.join(root, 'dist', 'bench-bare', 'h5')
const LIST_TRAINS = 300
/** LH_PAGES=register,trainResults audits only those (the first-load and list figures still run) */
const ONLY_PAGES = process.env.LH_PAGES ? new Set(process.env.LH_PAGES.split(',')) : null
const THROTTLING = process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate'
const DEMO = { query: '?ehc=demo&ec=DEMO', userName: 'demo', password: 'Demo@2026' }
type Lang = 'zh' | 'en'
/** the language switch names the language it switches TO: in Chinese it reads "English" */
const SWITCH_TEXT: Record<Lang, string> = { zh: zhCN.common.switchLanguage, en: en.common.switchLanguage }
/** <html lang> of each language (src/lib/i18n.ts HTML_LANG) */
const HTML_TAG: Record<Lang, string> = { zh: 'zh-CN', en: 'en' }

interface Figures {
  page: string
  lang: Lang
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  transferKiB: number
  failing: string[]
  /** why a figure is missing (Lighthouse's runtime error, e.g. NO_LCP on an overloaded machine) */
  problem: string
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))))
    })
  })
}

/** the product as `npm start` runs it, on a fresh database so the demo login is never throttled */
async function startProduct(): Promise<{ base: string; stop: () => void }> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-lh-'))
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'start.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'warn' },
  })
  const base = `http://localhost:${port}`
  const deadline = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/${DEMO.query}`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the product did not start within 4 minutes')
    await new Promise((r) => setTimeout(r, 500))
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM')
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const median = <T>(xs: T[], key: (x: T) => number): T => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]

/** the bare Taro page (bench/bare-taro's build) served as the product serves its own: same plugin, same compression */
async function serveBare(): Promise<{ base: string; stop: () => Promise<void> } | null> {
  if (!fs.existsSync(path.join(BARE_DIR, 'index.html'))) return null
  const app = Fastify({ logger: false })
  await app.register(staticSite, { staticDir: BARE_DIR, filesDir: null })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const a = app.server.address()
  return { base: `http://localhost:${typeof a === 'object' && a ? a.port : 0}`, stop: () => app.close() }
}

/** the first-load figure of one visit: its JS and CSS files, each at gzip -9 */
/** a fresh visit at SLOW_NETWORK: first (contentful) paint, and when the page's own content shows */
interface SlowPaint {
  first_paint_ms: number | null
  first_contentful_paint_ms: number | null
  ready_ms: number
}

/** a venue's congested network: 400 kbit/s each way, 400 ms round trips (Chromium's network emulation) */
const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 }

interface FirstLoad {
  files: number
  raw_kb: number
  gz_kb: number
}

async function main(): Promise<void> {
  // both are ES modules; tsx runs this file as CommonJS, so they come in through import()
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const puppeteer = (await import('puppeteer-core')).default

  const product = process.env.LH_BASE_URL ? null : await startProduct()
  const base = process.env.LH_BASE_URL?.replace(/\/$/, '') ?? product!.base
  const bare = await serveBare()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-lh-profile-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir: profile })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
  const results: Figures[] = []
  const firstLoad: Record<string, FirstLoad> = {}
  const slowPaint: Record<string, SlowPaint> = {}
  let longList: Record<string, number> | null = null
  try {
    const page = await browser.newPage()
    const cdp = await page.createCDPSession()
    const origin = new URL(base).origin

    const audit = async (pageName: string, lang: Lang, url: string): Promise<void> => {
      if (ONLY_PAGES && !ONLY_PAGES.has(pageName)) return
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) {
        // a first visit's bytes, but the same login and language: the cache goes, localStorage stays
        await cdp.send('Network.clearBrowserCache')
        const r = await lighthouse(
          url,
          { logLevel: 'error', output: 'json', disableStorageReset: true, throttlingMethod: THROTTLING, onlyCategories: ['performance', 'accessibility'] },
          undefined,
          page,
        )
        if (!r) throw new Error(`no Lighthouse result for ${url}`)
        const lhr = r.lhr
        if (process.env.LH_REPORT_DIR) {
          fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true })
          fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${pageName}-${lang}-${i + 1}.json`), r.report as string)
        }
        const a11y = lhr.categories.accessibility
        runs.push({
          page: pageName,
          lang,
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((a11y.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
          tbtMs: lhr.audits['total-blocking-time'].numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
          transferKiB: (lhr.audits['total-byte-weight'].numericValue ?? NaN) / 1024,
          failing: a11y.auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && (lhr.audits[ref.id].score ?? 1) < 1)
            .map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`),
          problem: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : '',
        })
      }
      results.push(median(runs, (x) => x.performance))
    }

    /** a fresh visit's JS and CSS (cache cleared; the files read from the build they came from) */
    const measureFirstLoad = async (name: string, url: string, dir: string, ready: string): Promise<void> => {
      await cdp.send('Network.clearBrowserCache')
      const files = new Set<string>()
      const onResponse = (res: { url: () => string; request: () => { resourceType: () => string } }) => {
        const type = res.request().resourceType()
        if (type === 'script' || type === 'stylesheet') files.add(new URL(res.url()).pathname)
      }
      page.on('response', onResponse)
      await page.goto(url, { waitUntil: 'networkidle0' })
      try {
        await page.waitForSelector(ready, { timeout: 30_000 })
      } catch (e) {
        const shot = path.join('/work/shots/bench', `first-load-${name}.png`)
        fs.mkdirSync(path.dirname(shot), { recursive: true })
        await page.screenshot({ path: shot })
        throw new Error(`${name}: ${ready} did not show (screenshot ${shot}): ${String(e)}`)
      }
      page.off('response', onResponse)
      let raw = 0
      let gz = 0
      for (const f of files) {
        const buf = fs.readFileSync(path.join(dir, f))
        raw += buf.length
        gz += zlib.gzipSync(buf, { level: 9 }).length
      }
      firstLoad[name] = { files: files.size, raw_kb: Math.round(raw / 102.4) / 10, gz_kb: Math.round(gz / 102.4) / 10 }
      // LH_FILES=1: which files, in the order fetched, each at gzip -9 (what to split or preload)
      if (process.env.LH_FILES)
        for (const f of files) console.log(`  ${name}: ${f} ${(zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length / 1024).toFixed(1)} KiB`)
    }

    /** a fresh visit on SLOW_NETWORK (cache cleared): the browser's paint timings, then `ready` on screen */
    const measureSlowPaint = async (name: string, url: string, ready: string): Promise<void> => {
      await cdp.send('Network.enable')
      await cdp.send('Network.clearBrowserCache')
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK)
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 90_000 })
        await page.waitForSelector(ready, { timeout: 90_000 })
        // a string, not a function: tsx would name the inner arrow with a helper the page lacks
        slowPaint[name] = (await page.evaluate(`(() => {
          const at = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? Math.round(e.startTime) : null }
          return { first_paint_ms: at('first-paint'), first_contentful_paint_ms: at('first-contentful-paint'), ready_ms: Math.round(performance.now()) }
        })()`)) as SlowPaint
      } finally {
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      }
    }

    /**
     * Puts the app in `lang`. The switch names the language it switches TO, i.e. in `lang` it reads
     * that catalogue's own `switchLanguage` (zh: "English", en: "中文"). Then checks `<html lang>`,
     * which the app keeps in step with the language on screen, so a run can never carry the wrong
     * label (it did before: the test was inverted and every "zh" figure was English and vice versa).
     */
    const chooseLanguage = async (lang: Lang): Promise<void> => {
      await page.waitForSelector('.language-switch')
      const text = await page.$eval('.language-switch', (el) => el.textContent?.trim() ?? '')
      if (text !== SWITCH_TEXT[lang]) {
        await page.click('.language-switch')
        await page.waitForFunction((want) => document.querySelector('.language-switch')?.textContent?.trim() === want, {}, SWITCH_TEXT[lang])
      }
      await assertLanguage(lang)
    }
    /** the page on screen is in `lang` (the app sets <html lang> from the language it shows) */
    const assertLanguage = async (lang: Lang): Promise<void> => {
      const tag = await page.evaluate(() => document.documentElement.lang)
      if (tag !== HTML_TAG[lang]) throw new Error(`expected the app in ${lang}, <html lang> is ${tag}`)
    }

    const h5Dir = path.join(root, process.env.STATIC_DIR ?? 'dist/h5')
    // the entry page as a first-time attendee opens the link: not logged in (it shows the login form)
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await measureFirstLoad('entry', `${base}/${DEMO.query}`, h5Dir, '.login-form__submit')
    if (bare) await measureFirstLoad('bare', `${bare.base}/`, BARE_DIR, '#app .taro_page')
    // before any login: a first-time visitor (the entry page sends them on to login)
    if (!ONLY_PAGES || ONLY_PAGES.has('slow')) {
      await measureSlowPaint('entry', `${base}/${DEMO.query}`, '.login-form__submit')
      if (bare) await measureSlowPaint('bare', `${bare.base}/`, '#app .taro_page')
    }

    // the train search as the server answers it for tomorrow; widened to LIST_TRAINS for the list figure
    const trainQuery = `from=AOH&to=BJP&date=${new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10)}`
    const trainResultsUrl = `${base}/pages/trainTicket/searchTicketList/index${DEMO.query}&${trainQuery}`

    for (const lang of LANGS) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      const loginUrl = `${base}/login${DEMO.query}`
      await page.goto(loginUrl, { waitUntil: 'networkidle0' })
      await chooseLanguage(lang)
      await audit('login', lang, loginUrl)
      await audit('register', lang, `${base}/register${DEMO.query}`)

      // log in the way a person does (the form as the e2e tests drive it)
      await page.goto(loginUrl, { waitUntil: 'networkidle0' })
      await page.waitForSelector('.login-form__tab--account')
      await page.click('.login-form__tab--account')
      // Taro's Input renders its <input> a frame later
      await page.waitForSelector('.text-field--userName input')
      await page.type('.text-field--userName input', DEMO.userName)
      await page.type('.text-field--password input', DEMO.password)
      await page.click('.login-form__check')
      await page.click('.login-form__submit')
      await page.waitForFunction(() => location.pathname.startsWith('/home'), { timeout: 30_000 })
      await assertLanguage(lang)
      await audit('home', lang, `${base}/home${DEMO.query}`)

      // the railway login the results page needs, sent with the session the form made
      await page.evaluate(
        async (p: string, body: object) => {
          // Taro's H5 storage wraps each value: {"data": <the store's JSON>}
          const stored = JSON.parse(localStorage.getItem('attendee-app') ?? '{}') as { data?: string }
          const token = (JSON.parse(typeof stored.data === 'string' ? stored.data : '{}') as { state?: { token?: string } }).state?.token ?? ''
          const r = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) })
          const json = (await r.json()) as { status: number; msgId: string }
          if (json.status !== 200) throw new Error(`railway login: ${json.msgId}`)
        },
        loginRailway.path,
        { ...DEMO_RAILWAY_ACCOUNT, agreed: true },
      )
      if (lang === LANGS[0]) await measureFirstLoad('trainResults', trainResultsUrl, h5Dir, '.train-row__time')
      await audit('trainResults', lang, trainResultsUrl)
    }

    if (bare) await audit('bare', 'en', `${bare.base}/`)

    // long list: the same answer widened to LIST_TRAINS trains (codes made unique), in the browser
    await page.setRequestInterception(true)
    page.on('request', (req) => {
      if (!req.url().endsWith(queryTrainTicket.path)) return void req.continue()
      void fetch(req.url(), { method: 'POST', headers: req.headers(), body: req.postData() })
        .then((r) => r.json() as Promise<{ data: TrainListView | null }>)
        .then((json) => {
          const trains = json.data?.trains ?? []
          if (json.data && trains.length) {
            json.data.trains = Array.from({ length: LIST_TRAINS }, (_, i) => ({
              ...trains[i % trains.length],
              trainCode: `${trains[i % trains.length].trainCode}-${i}`,
            }))
          }
          return req.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(json) })
        })
    })
    await cdp.send('Network.clearBrowserCache')
    await page.goto('about:blank')
    const t0 = Date.now()
    await page.goto(trainResultsUrl, { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('.train-row__time', { timeout: 60_000 })
    const firstScreenMs = Date.now() - t0
    const nodesAtTop = await page.evaluate(() => document.getElementsByTagName('*').length)
    const count = await page.$eval('.train-list__count', (el) => el.textContent ?? '')
    // scroll the list to its end as a thumb would, a screen at a time, until the last row is drawn
    const scroll = await page.evaluate(async (rows: number) => {
      const el = [...document.querySelectorAll('.train-list__list, .train-list__list *')].find((x) => x.scrollHeight > x.clientHeight + 10) as
        HTMLElement | undefined
      if (!el) return { ms: NaN, frames: 0, nodes: 0 }
      const start = performance.now()
      performance.mark('list-scroll-start')
      let frames = 0
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 2) {
        el.scrollTop += el.clientHeight
        await new Promise((r) => requestAnimationFrame(() => r(null)))
        frames++
        if (frames > rows * 2) break
      }
      // the last row's time text on screen
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))
      performance.mark('list-scroll-end')
      return { ms: performance.now() - start, frames, nodes: document.getElementsByTagName('*').length }
    }, LIST_TRAINS)
    longList = {
      trains: LIST_TRAINS,
      first_screen_ms: firstScreenMs,
      scroll_to_end_ms: Math.round(scroll.ms),
      scroll_frames: scroll.frames,
      dom_nodes: nodesAtTop,
      dom_nodes_at_end: scroll.nodes,
    }
    if (!count.includes(String(LIST_TRAINS))) console.log(`long list: the page says "${count}", not ${LIST_TRAINS} trains`)
    await page.setRequestInterception(false)
  } finally {
    await browser.disconnect()
    chrome.kill()
    fs.rmSync(profile, { recursive: true, force: true })
    product?.stop()
    await bare?.stop()
  }

  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, ${THROTTLING} throttling, ${base}`)
  console.log('page          lang  perf  a11y     LCP      TBT     CLS   transfer')
  for (const f of results) {
    console.log(
      `${f.page.padEnd(13)} ${f.lang.padEnd(4)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${(f.lcpMs / 1000).toFixed(1).padStart(6)} s ${f.tbtMs.toFixed(0).padStart(5)} ms ${f.cls.toFixed(3).padStart(7)} ${f.transferKiB.toFixed(0).padStart(6)} KiB`,
    )
  }
  for (const f of results.filter((x) => x.problem)) console.log(`Lighthouse error on ${f.page} (${f.lang}): ${f.problem}`)
  for (const f of results.filter((x) => x.failing.length)) {
    console.log(`accessibility audits failing on ${f.page} (${f.lang}):\n  ${f.failing.join('\n  ')}`)
  }
  for (const [name, f] of Object.entries(firstLoad)) console.log(`first load ${name}: ${f.files} JS/CSS files, ${f.raw_kb} KiB, ${f.gz_kb} KiB gzipped`)
  for (const [name, f] of Object.entries(slowPaint))
    console.log(
      `400 kbit/s, 400 ms ${name}: first paint ${f.first_paint_ms ?? '-'} ms, first contentful paint ${f.first_contentful_paint_ms ?? '-'} ms, ready ${f.ready_ms} ms`,
    )
  if (longList)
    console.log(
      `long list (${longList.trains} trains): first screen ${longList.first_screen_ms} ms, scroll to the end ${longList.scroll_to_end_ms} ms (${longList.scroll_frames} screens), DOM nodes ${longList.dom_nodes} (${longList.dom_nodes_at_end} at the end)`,
    )
  if (process.env.LH_OUT) {
    const lighthouseFigures: Record<string, object> = {}
    for (const f of results) {
      lighthouseFigures[f.lang === LANGS[0] || f.page === 'bare' ? f.page : `${f.page}_${f.lang}`] = {
        perf: f.performance,
        a11y: f.accessibility,
        lcp_ms: Math.round(f.lcpMs),
        tbt_ms: Math.round(f.tbtMs),
        cls: Number(f.cls.toFixed(3)),
        failing: f.failing,
        problem: f.problem || undefined,
      }
    }
    fs.writeFileSync(process.env.LH_OUT, JSON.stringify({ lighthouse: lighthouseFigures, firstLoad, slowPaint, longList }, null, 2))
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
