/**
 * Serves the H5 build and the browser-history fallback: any GET that is not /api/*, /dev/*,
 * /files/* and not a file answers index.html (Taro's browser router then shows the page, or its
 * own 404 page). Unknown /api and /dev paths answer 404 with the ESYS0002 envelope.
 *
 * /files/ serves the pictures and pages the microsite links to, with or without an H5 build (the
 * mini-program loads them from this server too): first the files shipped in config.filesDir (the
 * demo's pictures), then those an operator added with `microsite:load --files`, which are kept in
 * the file storage under `site/…` (site-files.ts) so that every instance serves them.
 *
 * Compression: the H5 build carries a brotli (.br) and a gzip (.gz) copy of each text file, made
 * once by `taro build` (config/index.ts). They are sent to browsers that accept them
 * (`preCompressed`), otherwise the plain file. Chosen over compressing per request
 * (@fastify/compress): best brotli quality at no CPU cost per request on a 2-core machine whose event
 * loop also runs the API, and API answers stay uncompressed (small JSON, with tokens in them: no
 * BREACH-style guessing through compression).
 *
 * Caching: files whose name carries webpack's content hash never change, so browsers keep them a
 * year without asking again (`immutable`); everything else, index.html above all (it names the
 * current build's bundles), is revalidated on every use (`no-cache`).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { fail, langOf } from '../envelope'
import type { FileStorage } from '../../storage'
import { sendSiteFile } from './site-files'

const isApiPath = (url: string) => /^\/(api|dev)(\/|$|\?)/.test(url)
const isFilePath = (url: string) => /^\/files(\/|$|\?)/.test(url)
const isDir = (d: string | null): d is string => !!d && fs.existsSync(d) && fs.statSync(d).isDirectory()

/** `[name].[contenthash:8].js|css` (config/index.ts), or its .br/.gz copy */
const HASHED = /\.[0-9a-f]{8,}\.(js|css)(\.br|\.gz)?$/
export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
export const cacheControlOf = (filePath: string): string => (HASHED.test(filePath) ? IMMUTABLE : REVALIDATE)

export default fp(async function staticSite(app: FastifyInstance, opts: { staticDir: string | null; filesDir: string | null; storage?: FileStorage }) {
  if (isDir(opts.filesDir)) {
    await app.register(fastifyStatic, {
      root: opts.filesDir,
      prefix: '/files/',
      // the H5 registration below owns reply.sendFile (index.html fallback)
      decorateReply: false,
      // no directory listings, no dot files: only the files themselves
      index: false,
      dotfiles: 'deny',
      // loaded again when an organiser replaces a microsite (new names for new pictures)
      maxAge: '1h',
    })
  }

  const dir = isDir(opts.staticDir) ? opts.staticDir : null
  const hasIndex = !!dir && fs.existsSync(path.join(dir, 'index.html'))

  if (dir) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      preCompressed: true,
      // send's own cache-control (public, max-age=0) would override the one set below
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', cacheControlOf(filePath))
        // the answer depends on accept-encoding (a .br, .gz or plain file): caches must keep them apart
        res.setHeader('vary', 'accept-encoding')
      },
    })
    app.log.info({ dir }, 'serving the H5 build')
  } else {
    app.log.warn({ staticDir: opts.staticDir }, 'no H5 build found: only the API is served (run `npm run build:h5`)')
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url) && !isFilePath(req.url)
    if (wantsPage && hasIndex) {
      // setHeaders above gives it no-cache and vary like a request for /index.html
      return reply.sendFile('index.html')
    }
    if (wantsPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found (no H5 build is being served)')
    }
    // the bench serves a bare build without storage: its /files/ are only the shipped folder
    if (opts.storage && isFilePath(req.url)) return sendSiteFile(opts.storage, req, reply)
    return reply.status(404).send(fail('ESYS0002', langOf(req)))
  })
})
