/**
 * `npx tsx scripts/lighthouse.ts` (also the last step of `npm run bench`): Lighthouse, mobile preset
 * (its default: Moto G Power screen, simulated slow 4G and 4× CPU slowdown), on the login page and
 * the home page of the demo event, in Chinese and in English. Prints performance, accessibility,
 * LCP, TBT, CLS, the bytes transferred and every accessibility audit that fails.
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
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import zhCN from '../src/locales/zh-CN'
import en from '../src/locales/en'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium'

const root = path.resolve(__dirname, '..')
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1))
const THROTTLING = process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate'
const DEMO = { query: '?ehc=demo&ec=DEMO', userName: 'demo', password: 'Demo@2026' }
type Lang = 'zh' | 'en'
/** the language switch names the language it switches TO: in Chinese it reads "English" */
const SWITCH_TEXT: Record<Lang, string> = { zh: zhCN.common.switchLanguage, en: en.common.switchLanguage }

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

async function main(): Promise<void> {
  // both are ES modules; tsx runs this file as CommonJS, so they come in through import()
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const puppeteer = (await import('puppeteer-core')).default

  const product = process.env.LH_BASE_URL ? null : await startProduct()
  const base = process.env.LH_BASE_URL?.replace(/\/$/, '') ?? product!.base
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-lh-profile-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir: profile })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
  const results: Figures[] = []
  try {
    const page = await browser.newPage()
    const cdp = await page.createCDPSession()
    const origin = new URL(base).origin

    const audit = async (pageName: string, lang: Lang, url: string): Promise<void> => {
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) {
        // a first visit's bytes, but the same login and language: the cache goes, localStorage stays
        await cdp.send('Network.clearBrowserCache')
        const r = await lighthouse(url, { logLevel: 'error', output: 'json', disableStorageReset: true, throttlingMethod: THROTTLING, onlyCategories: ['performance', 'accessibility'] }, undefined, page)
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

    const chooseLanguage = async (lang: Lang): Promise<void> => {
      const other: Lang = lang === 'zh' ? 'en' : 'zh'
      await page.waitForSelector('.language-switch')
      const text = await page.$eval('.language-switch', (el) => el.textContent?.trim() ?? '')
      if (text === SWITCH_TEXT[other]) return
      await page.click('.language-switch')
      await page.waitForFunction((want) => document.querySelector('.language-switch')?.textContent?.trim() === want, {}, SWITCH_TEXT[other])
    }

    for (const lang of ['zh', 'en'] as Lang[]) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      const loginUrl = `${base}/login${DEMO.query}`
      await page.goto(loginUrl, { waitUntil: 'networkidle0' })
      await chooseLanguage(lang)
      await audit('login', lang, loginUrl)

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
      await audit('home', lang, `${base}/home${DEMO.query}`)
    }
  } finally {
    await browser.disconnect()
    chrome.kill()
    fs.rmSync(profile, { recursive: true, force: true })
    product?.stop()
  }

  console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, ${THROTTLING} throttling, ${base}`)
  console.log('page   lang  perf  a11y     LCP      TBT     CLS   transfer')
  for (const f of results) {
    console.log(
      `${f.page.padEnd(6)} ${f.lang.padEnd(4)} ${String(f.performance).padStart(5)} ${String(f.accessibility).padStart(5)} ${(f.lcpMs / 1000).toFixed(1).padStart(6)} s ${f.tbtMs.toFixed(0).padStart(5)} ms ${f.cls.toFixed(3).padStart(7)} ${f.transferKiB.toFixed(0).padStart(6)} KiB`,
    )
  }
  for (const f of results.filter((x) => x.problem)) console.log(`Lighthouse error on ${f.page} (${f.lang}): ${f.problem}`)
  for (const f of results.filter((x) => x.failing.length)) {
    console.log(`accessibility audits failing on ${f.page} (${f.lang}):\n  ${f.failing.join('\n  ')}`)
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
