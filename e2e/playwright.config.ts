import { defineConfig } from '@playwright/test'
import os from 'os'
import path from 'path'
import fs from 'fs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium'

/**
 * Browser tests against the real product: the H5 build served by the real API server on a fresh
 * embedded database (so code limits and sessions start clean), driven in Debian's Chromium.
 * `npm run test:e2e` builds H5 first unless SKIP_BUILD=1 (CI builds once and reuses it).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-e2e-'))

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'attendee-e2e-results'),
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    // the H5 service worker answers page loads and build files itself, out of page.route()'s
    // reach: only the offline tests let it run (e2e/offline.spec.ts)
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node scripts/start.js',
    cwd: path.resolve(__dirname, '..'),
    url: `http://localhost:${PORT}/?ehc=demo&ec=DEMO`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // the job runner as in production (JOB_INTERVAL_MS 30 s): due work starts when it is due
    env: { PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  },
})
