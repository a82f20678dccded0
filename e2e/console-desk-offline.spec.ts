import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { attendanceToken, checkinsOf, deskScan, openConsole, shot } from './console-support'

/**
 * The check-in desk reloaded with no network, with the console's service worker running
 * (console/src/service-worker/sw.ts): the page comes from the worker's precache, the session and
 * the list from the phone's storage; a scan is answered from the list and queued, and syncs once
 * when the network is back. Another page says it needs the network. Then a second build: an online
 * visit gets it at once, its worker takes over once the old build's page is closed, and offline the
 * desk opens from the new build's files alone.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } })

const ROOT = path.resolve(__dirname, '..')
const TEXTS = {
  zh: { offline: /^离线：使用 \d{2}:\d{2} 下载的名单/, queued: '待同步 1 条', needsNetwork: '此页需要网络' },
  en: { offline: /^Offline: the list downloaded at \d{2}:\d{2} answers scans/, queued: 'Waiting to sync: 1', needsNetwork: 'This page needs the network' },
} as const
/** one new attendee per language: a check-in cannot be undone, and other specs check the seeded ones in */
const ATTENDEES = { zh: { name: '离线签到测试', mobile: '13700003311' }, en: { name: 'Offline Desk Tester', mobile: '13700003312' } } as const

/** the worker is registered after the page's load and takes the page once active (its precache complete) */
async function workerInCharge(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 30_000 }).toBe(true)
}

/** the build files the page loaded itself (its entry and style sheet), as index.html names them */
const entryFiles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet]')].map(
      (e) => new URL('src' in e ? e.src : e.href).pathname,
    ),
  )

/** what the worker holds in its caches, by path */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname)
    return paths.sort()
  })

for (const lang of ['zh', 'en'] as const) {
  test(`the desk opens after a reload with no network, queues a scan and syncs it once back online (${lang})`, async ({ page, context, request }) => {
    test.setTimeout(120_000)
    const token = await attendanceToken(request, ATTENDEES[lang])
    // the worker and the pages it answers run under the server's Content-Security-Policy: not a single violation
    const violations: string[] = []
    page.on('console', (m) => void (/Content[ -]Security[ -]Policy/i.test(m.text()) && violations.push(m.text())))
    await openConsole(page, lang, '/events/DEMO/desk')
    await expect(page.getByTestId('desk-status')).toBeVisible()
    await workerInCharge(page)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByTestId('desk-offline')).toHaveText(TEXTS[lang].offline)
    await expect(page.getByTestId('desk-status')).toBeVisible()
    await shot(page, `desk-reloaded-offline-${lang}`)
    await expectNoSeriousAxeViolations(page, `desk reloaded offline (${lang})`)

    await deskScan(page, lang, token)
    await expect(page.getByTestId('desk-answer')).toHaveAttribute('data-kind', 'checkedIn')
    await expect(page.getByTestId('desk-queued')).toHaveAttribute('data-count', '1')
    await expect(page.getByTestId('desk-queued')).toHaveText(TEXTS[lang].queued)
    await shot(page, `desk-offline-scan-queued-${lang}`)
    await expectNoSeriousAxeViolations(page, `desk offline, a scan queued (${lang})`)

    // a page that needs the network says so (the event list, opened with no network)
    await page.goto('/admin/')
    await expect(page.getByTestId('offline-page')).toContainText(TEXTS[lang].needsNetwork)
    await shot(page, `console-page-offline-${lang}`)
    await expectNoSeriousAxeViolations(page, `a page offline (${lang})`)

    // the queue is on the phone: back on the desk, still offline, it is there; online, it syncs
    await page.goto('/admin/events/DEMO/desk')
    await expect(page.getByTestId('desk-queued')).toHaveAttribute('data-count', '1')
    expect(await checkinsOf(request, token)).toHaveLength(0)
    await context.setOffline(false)
    await expect(page.getByTestId('desk-queued')).toHaveAttribute('data-count', '0', { timeout: 15_000 })
    await expect(page.getByTestId('desk-offline')).toBeHidden()
    await shot(page, `desk-synced-${lang}`)
    expect(await checkinsOf(request, token)).toHaveLength(1)
    expect(violations).toEqual([])
  })
}

/**
 * the console built again into dist/console, the server serving it at once; `second`: its entry
 * runs one statement more, so the entry's name and those of every chunk importing it change
 */
function buildConsole(second: boolean): void {
  const plugins = second
    ? `[{ name: 'second-build', transform: (code, id) => (id.endsWith('/src/main.tsx') ? code + ';Object.assign(globalThis, { consoleBuild: 2 })' : null) }]`
    : '[]'
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { build } from 'vite'; await build({ configFile: 'console/vite.config.mts', configLoader: 'runner', logLevel: 'warn', plugins: ${plugins} })`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  )
}

test('a second build: an online visit gets it, its worker takes over once the old page is closed, and the desk opens offline from its files', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const context = await browser.newContext()
  let page = await context.newPage()
  await openConsole(page, 'zh', '/events/DEMO/desk')
  await expect(page.getByTestId('desk-status')).toBeVisible()
  await workerInCharge(page)
  const first = await entryFiles(page)
  // the precache names the build's files: its page, its entry and style sheet, the desk's chunk
  const precached = await cachedPaths(page)
  expect(precached).toEqual(expect.arrayContaining(['/admin/index.html', ...first]))
  expect(precached.some((p) => /^\/admin\/assets\/DeskPage-[\w-]+\.js$/.test(p))).toBe(true)

  try {
    buildConsole(true)
    // online, the page is the new build's at once (its files from the network), under the old worker
    await page.reload()
    await expect(page.getByTestId('desk-status')).toBeVisible()
    const second = await entryFiles(page)
    expect(second).not.toEqual(first)
    // the new worker installed beside the old one, waiting while the old build's page is open
    const waiting = () => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/admin/'))?.waiting)
    await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration('/admin/'))?.update().catch(() => undefined))
    await expect.poll(waiting, { timeout: 30_000 }).toBe(true)
    // the old page closed, the next visit is the new worker's: its precache is the new build alone
    await page.close()
    page = await context.newPage()
    await page.goto('/healthz')
    const oldOnly = first.filter((f) => !second.includes(f))
    await expect
      .poll(
        async () => {
          const held = await cachedPaths(page)
          return second.every((f) => held.includes(f)) && !oldOnly.some((f) => held.includes(f))
        },
        { timeout: 30_000 },
      )
      .toBe(true)
    expect(await waiting()).toBe(false)

    await context.setOffline(true)
    await page.goto('/admin/events/DEMO/desk')
    await expect(page.getByTestId('desk-offline')).toBeVisible()
    expect(await entryFiles(page)).toEqual(second)
    await shot(page, 'desk-offline-second-build-zh')
  } finally {
    // the build the other specs run against
    buildConsole(false)
    await context.close()
  }
})
