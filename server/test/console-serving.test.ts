/**
 * The organisers' console as served at /admin/: its files with their cache headers, its index.html
 * for every page address below /admin/, the security headers, and the H5 app and /api untouched.
 * The folder below stands in for dist/console as Vite writes it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { getEventByHash } from '@contracts/calls/event'
import { IMMUTABLE, REVALIDATE } from '../src/kernel/http/plugins/static'
import { setup, type TestContext } from './helper'

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/admin/assets/index-Ab12_x-Z.js"></script></head><body><div id="root"></div></body></html>'

let t: TestContext
let dir: string
let h5: string
let app: FastifyInstance
beforeAll(async () => {
  t = await setup()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-serving-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12_x-Z.js'), 'console.log("console")')
  h5 = fs.mkdtempSync(path.join(os.tmpdir(), 'console-serving-h5-'))
  fs.writeFileSync(path.join(h5, 'index.html'), '<!doctype html><title>h5</title>')
  app = await t.buildApp({ prepareDb: false, consoleDir: dir, staticDir: h5 })
})
afterAll(async () => {
  await t?.close()
  for (const d of [dir, h5]) fs.rmSync(d, { recursive: true, force: true })
})

describe('the console at /admin/', () => {
  it.each(['/admin', '/admin/', '/admin/events/DEMO', '/admin/audit?event=DEMO'])('%s answers the console page, revalidated on every use', async (url) => {
    const r = await app.inject({ url })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-type']).toMatch(/^text\/html/)
    expect(r.headers['cache-control']).toBe(REVALIDATE)
    expect(r.body).toBe(INDEX)
    expect(r.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('its built files are kept a year; a missing one is a 404, not the page', async () => {
    const r = await app.inject({ url: '/admin/assets/index-Ab12_x-Z.js' })
    expect(r.statusCode).toBe(200)
    expect(r.headers['cache-control']).toBe(IMMUTABLE)
    expect(r.body).toBe('console.log("console")')
    const missing = await app.inject({ url: '/admin/assets/gone-12345678.js' })
    expect(missing.body).not.toBe(INDEX)
  })

  it('its service worker is revalidated on every use, under the same security headers', async () => {
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => undefined)')
    try {
      const r = await app.inject({ url: '/admin/sw.js' })
      expect(r.statusCode).toBe(200)
      expect(r.headers['content-type']).toMatch(/javascript/)
      expect(r.headers['cache-control']).toBe(REVALIDATE)
      expect(r.headers['content-security-policy']).toContain("script-src 'self'")
    } finally {
      fs.rmSync(path.join(dir, 'sw.js'))
    }
    // a build without one: a 404, never the page (which a browser would take for the worker)
    const missing = await app.inject({ url: '/admin/sw.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).not.toBe(INDEX)
  })

  it('nothing outside its folder is served', async () => {
    for (const url of ['/admin/../package.json', '/admin/%2e%2e/package.json', '/admin/.hidden']) {
      const r = await app.inject({ url })
      expect(r.body).not.toContain('"dependencies"')
    }
  })

  it('the H5 app and the API keep their addresses', async () => {
    expect((await app.inject({ url: '/login' })).body).toContain('<title>h5</title>')
    expect((await app.inject({ url: '/administration' })).body).toContain('<title>h5</title>')
    const api = await app.inject({ method: 'POST', url: getEventByHash.path, payload: { eventHashCode: 'demo' } })
    expect(api.json().data.eventCode).toBe('DEMO')
  })

  it('without a build, /admin/ says how to make one', async () => {
    const bare = await t.buildApp({ prepareDb: false, consoleDir: path.join(dir, 'missing') })
    const r = await bare.inject({ url: '/admin/' })
    expect(r.statusCode).toBe(404)
    expect(r.body).toContain('npm run build:console')
  })
})
