/**
 * The H5 page as served (issue 6, findings 13 and 14): compressed copies of the build, cache
 * headers, and the security headers on pages and API answers alike.
 *
 * The folder below stands in for dist/h5: an index.html with an inline script like Taro's, a
 * hashed bundle, and the .br/.gz copies `taro build` writes next to them (config/index.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { API } from '../../contracts/api'
import { setup, type TestContext } from './helper'

const INDEX = '<!doctype html><html><head><title>app</title><script>document.documentElement.style.fontSize="20px"</script><script defer="defer" src="/js/app.1b18f145.js"></script></head><body><div id="app"></div></body></html>'
// big enough to be worth compressing, as the real bundles are
const BUNDLE = `/* app */\n${'console.log("attendee app bundle");\n'.repeat(200)}`
const CSS = `.page{color:#333}\n${'.x{margin:0}\n'.repeat(100)}`

let t: TestContext
let dir: string
let app: FastifyInstance
beforeAll(async () => {
  t = await setup()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-serving-'))
  const write = (name: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), body)
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(body))
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body))
  }
  write('index.html', INDEX)
  write('js/app.1b18f145.js', BUNDLE)
  write('css/app.6c78becf.css', CSS)
  // a file without a hash in its name, and without compressed copies
  fs.writeFileSync(path.join(dir, 'js', 'app.1b18f145.js.LICENSE.txt'), 'MIT')
  app = await t.buildApp({ prepareDb: false, staticDir: dir })
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString()
  return body.toString()
}

describe('compression of the H5 build', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('accept-encoding %s → %s', async (accept, encoding) => {
    for (const [url, body, type] of [
      ['/js/app.1b18f145.js', BUNDLE, /javascript/],
      ['/css/app.6c78becf.css', CSS, /text\/css/],
      ['/', INDEX, /text\/html/],
      ['/index.html', INDEX, /text\/html/],
      // the history fallback (a page path) is index.html too
      ['/login?ehc=demo&ec=DEMO', INDEX, /text\/html/],
    ] as const) {
      const r = await app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { 'accept-encoding': accept } })
      expect({ url, status: r.statusCode, encoding: r.headers['content-encoding'] }).toEqual({ url, status: 200, encoding })
      expect(r.headers['content-type']).toMatch(type)
      expect(r.headers.vary).toMatch(/accept-encoding/i)
      expect(decode(encoding, r.rawPayload)).toBe(body)
      if (encoding) expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(body))
    }
  })

  it('a file without compressed copies is sent as it is, to every browser', async () => {
    const r = await app.inject({ method: 'GET', url: '/js/app.1b18f145.js.LICENSE.txt', headers: { 'accept-encoding': 'br, gzip' } })
    expect(r.statusCode).toBe(200)
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.body).toBe('MIT')
  })

  it('API answers are not compressed (small JSON that carries tokens)', async () => {
    const r = await app.inject({ method: 'POST', url: API.eventByHash, payload: { eventHashCode: 'demo' }, headers: { 'accept-encoding': 'br, gzip' } })
    expect(r.headers['content-encoding']).toBeUndefined()
  })
})

describe('cache headers', () => {
  it.each(['/js/app.1b18f145.js', '/css/app.6c78becf.css'])('hashed %s: kept a year, never revalidated', async (url) => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } })
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it.each(['/', '/index.html', '/login', '/home?ehc=demo&ec=DEMO', '/anything-unknown/deep'])('%s (index.html): revalidated on every use', async (url) => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } })
      expect(r.statusCode).toBe(200)
      expect(r.headers['cache-control']).toBe('no-cache')
    }
  })

  it('a file without a content hash is revalidated too', async () => {
    const r = await app.inject({ method: 'GET', url: '/js/app.1b18f145.js.LICENSE.txt' })
    expect(r.headers['cache-control']).toBe('no-cache')
  })

  it('revalidation answers 304 by ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } })
    expect(first.headers.etag).toBeTruthy()
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })
})
