/**
 * Security headers on every answer — the H5 page, its files, /api and /dev — through helmet
 * (its middleware built once, applied in an onRequest hook), with a Content-Security-Policy the H5
 * build runs under. It is checked in a real browser by e2e/csp.spec.ts (entry → login → home fails
 * on any violation).
 *
 * Why each allowance beyond 'self' is there:
 * - script-src: the sha256 of each inline <script> of the build's index.html. Taro puts one there
 *   (it sets the root font size for rem units before the bundles run). Hashes are read from the
 *   served index.html, so a new build is picked up without editing this file and nothing else
 *   inline can run. No 'unsafe-eval': the bundles' only `new Function` is webpack's globalThis
 *   fallback, never reached in a browser that has globalThis.
 * - style-src 'unsafe-inline': Taro's H5 runtime writes <style> elements without a nonce (router,
 *   navigation bar, toast/modal sheets, @tarojs/components' stylesheet through style-loader,
 *   Stencil's component styles) and sets style attributes (toast, modal); seen as violations in
 *   Chromium under `style-src 'self'`, and the page falls apart. Their text depends on
 *   configuration, the components a page uses and Taro's version, so hashes would break silently
 *   on the next page or upgrade; a nonce cannot reach Taro's router and toast code. Styles cannot
 *   run code; img-src and font-src below still bound what a style can load.
 * - img-src / font-src data:: the icon fonts of @tarojs/components and of Taro's toast, and the
 *   toast's loading spinner (an SVG background), are data: URIs. img-src blob:: a picture the
 *   attendee picks, which Taro's chooseImage shows through an object URL of the page's own.
 * Everything else is 'self' or nothing: connect-src 'self' (the API is on the page's origin),
 * object-src 'none', base-uri 'self', form-action 'self', frame-ancestors 'self' (with
 * X-Frame-Options: SAMEORIGIN for old browsers): no other site may frame the app (clickjacking);
 * the app itself frames its own microsite pages (/files/…, the venue map's web view).
 * Not allowed on purpose: the WeChat JS-SDK's telemetry pixel (open.weixin.qq.com/sdk/report,
 * sent inside WeChat only); the share card works without it.
 *
 * HSTS only when the request came over TLS (directly, or through a proxy saying
 * `x-forwarded-proto: https` when TRUST_PROXY is on): sent over plain http — the local demo, a phone
 * on the LAN — it would be ignored at best and pin a host name to https at worst. No
 * includeSubDomains: the operator's other sub-domains are not this app's to decide.
 */
import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'

export const HSTS = 'max-age=31536000'

/** CSP hash sources of the inline scripts (a <script> without src) of an HTML page */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === '') continue
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  }
  return hashes
}

/**
 * The hashes of the served index.html. A rebuild while the server runs (`npm run dev:h5`) is picked
 * up: the file's mtime is looked at again at most once a second (not on every API call), and the
 * file read again only when it changed.
 */
function indexHashes(staticDir: string | null): () => string {
  const file = staticDir ? path.join(staticDir, 'index.html') : null
  let checkedAt = -Infinity
  let seen = -1
  let value = ''
  return () => {
    if (!file || Date.now() - checkedAt < 1000) return value
    checkedAt = Date.now()
    let mtime: number
    try {
      mtime = fs.statSync(file).mtimeMs
    } catch {
      seen = -1
      value = ''
      return value
    }
    if (mtime !== seen) {
      seen = mtime
      value = inlineScriptHashes(fs.readFileSync(file, 'utf8')).join(' ')
    }
    return value
  }
}

export default fp(async function security(app: FastifyInstance, opts: { staticDir: string | null }) {
  const scriptHashes = indexHashes(opts.staticDir)
  // helmet's middleware is built once, here: @fastify/helmet built it again for every request
  // (parsing and validating every directive each time), 5-10 % of a cached search;
  // the function source above is still called per response
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // helmet calls a function source per response
        scriptSrc: ["'self'", () => scriptHashes()],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob:: a photo the attendee picks (Taro's H5 chooseImage reads it through a blob: image;
        // the check-in photo, later uploads), an object this page made itself from a local file
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    // the page's address carries the event's codes: other sites are not told it
    referrerPolicy: { policy: 'no-referrer' },
    // set below, only over TLS
    strictTransportSecurity: false,
  })
  // what helmet sets depends only on the inline scripts' hashes, which change with a rebuild, not
  // per request: its headers are taken once per hash set (helmet run on a recording response) and
  // copied onto each response, instead of helmet composing them again for every request (the
  // policy text above all: 4 % of a cached search)
  let madeFor: string | null = null
  let made: Array<[string, string]> = []
  const headersNow = (): Array<[string, string]> => {
    const hashes = scriptHashes()
    if (hashes !== madeFor) {
      made = recordHeaders(headers)
      madeFor = hashes
    }
    return made
  }
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headersNow()) reply.raw.setHeader(name, value)
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
})

/** the headers a helmet middleware sets, in order (it is synchronous and reads nothing of the request) */
export function recordHeaders(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const set = new Map<string, string>()
  const res = {
    setHeader: (name: string, value: unknown) => void set.set(name, String(value)),
    removeHeader: (name: string) => void set.delete(name),
  }
  let failed: unknown = null
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err ?? null))
  if (failed) throw failed
  return [...set]
}
