/**
 * The H5 page as served: compressed copies of the build, cache
 * headers, and the security headers on pages and API answers alike.
 *
 * The folder below stands in for dist/h5: an index.html with an inline script like Taro's, a
 * hashed bundle, and the .br/.gz copies `taro build` writes next to them (config/index.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { getEventByHash } from '@contracts/calls/event'
import { inlineScriptHashes } from '../src/kernel/http/plugins/security'
import { setup, type TestContext } from './helper'

const INLINE_SCRIPT = 'document.documentElement.style.fontSize="20px"'
const INDEX = `<!doctype html><html><head><title>app</title><script>${INLINE_SCRIPT}</script><script defer="defer" src="/js/app.1b18f145.js"></script></head><body><div id="app"></div></body></html>`
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
    const r = await app.inject({ method: 'POST', url: getEventByHash.path, payload: { eventHashCode: 'demo' }, headers: { 'accept-encoding': 'br, gzip' } })
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

describe('security headers', () => {
  const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`
  const directives = (csp: unknown): Record<string, string> =>
    Object.fromEntries(
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]),
    )
  const protective = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'SAMEORIGIN',
  }

  it.each(['/', '/login?ehc=demo&ec=DEMO', '/index.html', '/js/app.1b18f145.js', '/css/app.6c78becf.css'])(
    'GET %s: CSP and the protective headers',
    async (url) => {
      const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
      expect(r.statusCode).toBe(200)
      expect(r.headers).toMatchObject(protective)
      const csp = directives(r.headers['content-security-policy'])
      expect(csp).toEqual({
        'default-src': "'self'",
        // the inline script of index.html, by its hash: nothing else inline may run, and nothing is evaluated
        'script-src': `'self' ${sha256(INLINE_SCRIPT)}`,
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'self'",
      })
      expect(r.headers['strict-transport-security']).toBeUndefined()
    },
  )

  it.each([
    ['a call', 'POST', getEventByHash.path, { eventHashCode: 'demo' }, 200],
    ['an unknown call', 'POST', '/api/nope', {}, 404],
    ['an unknown GET', 'GET', '/api/nope', undefined, 404],
    ['the dev outbox', 'GET', '/dev/outbox', undefined, 200],
  ] as const)('API answers (%s) get the same protective headers', async (_name, method, url, payload, status) => {
    const r = await app.inject({ method, url, payload })
    expect(r.statusCode).toBe(status)
    expect(r.headers).toMatchObject(protective)
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'")
  })

  it('an error answer (unsupported content type → 415) keeps them', async () => {
    const r = await app.inject({ method: 'POST', url: getEventByHash.path, payload: '<x/>', headers: { 'content-type': 'application/xml' } })
    expect(r.statusCode).toBe(415)
    expect(r.headers).toMatchObject(protective)
  })

  it("HSTS only over TLS: behind a trusted proxy that says https, never on plain http or a client's own claim", async () => {
    const proxied = await t.buildApp({ prepareDb: false, staticDir: dir, config: { trustProxy: true } })
    const viaTls = await proxied.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } })
    expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000')
    const api = await proxied.inject({
      method: 'POST',
      url: getEventByHash.path,
      payload: { eventHashCode: 'demo' },
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000')
    const plain = await proxied.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'http' } })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    // without TRUST_PROXY the header is anyone's to send: not believed
    const direct = await app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } })
    expect(direct.headers['strict-transport-security']).toBeUndefined()
  })

  it('a new build with another inline script is picked up without a restart', async () => {
    const file = path.join(dir, 'index.html')
    const other = 'window.rebuilt=1'
    const t0 = Date.now() + 60_000
    const clock = jest.spyOn(Date, 'now').mockReturnValue(t0)
    try {
      // the current build's hashes, looked up now
      await app.inject({ method: 'GET', url: '/' })
      fs.writeFileSync(file, INDEX.replace(INLINE_SCRIPT, other))
      const later = new Date(Date.now() + 5000)
      fs.utimesSync(file, later, later)
      // within a second of the last look the old hashes stand (no stat on every call) …
      const soon = await app.inject({ method: 'GET', url: '/login' })
      expect(directives(soon.headers['content-security-policy'])['script-src']).toBe(`'self' ${sha256(INLINE_SCRIPT)}`)
      // … a second later the new build is seen
      clock.mockReturnValue(t0 + 1500)
      const r = await app.inject({ method: 'GET', url: '/login' })
      expect(directives(r.headers['content-security-policy'])['script-src']).toBe(`'self' ${sha256(other)}`)
    } finally {
      jest.restoreAllMocks()
      fs.writeFileSync(file, INDEX)
    }
  })

  it('inlineScriptHashes: every inline script, none of the external ones', () => {
    const html = '<script>a()</script><script defer src="/js/x.js"></script><SCRIPT type="text/javascript">b()</SCRIPT><script src=/y.js></script>'
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })
})
