/**
 * Serves the H5 build and the browser-history fallback: any GET that is not /api/*, /dev/*,
 * /files/* and not a file answers index.html (Taro's browser router then shows the page, or its
 * own 404 page). Unknown /api and /dev paths answer 404 with the ESYS0002 envelope.
 *
 * /files/ serves the pictures and pages the microsite links to (config.filesDir), with or without
 * an H5 build: the mini-program loads them from this server too.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { fail, langOf } from '../lib/envelope'

const isApiPath = (url: string) => /^\/(api|dev)(\/|$|\?)/.test(url)
const isFilePath = (url: string) => /^\/files(\/|$|\?)/.test(url)
const isDir = (d: string | null): d is string => !!d && fs.existsSync(d) && fs.statSync(d).isDirectory()

export default fp(async function staticSite(app: FastifyInstance, opts: { staticDir: string | null; filesDir: string | null }) {
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
      // index.html must never be cached: it names the hashed bundles of the current build
      setHeaders(res, filePath) {
        if (filePath.endsWith('.html')) res.setHeader('cache-control', 'no-cache')
      },
    })
    app.log.info({ dir }, 'serving the H5 build')
  } else {
    app.log.warn({ staticDir: opts.staticDir }, 'no H5 build found: only the API is served (run `npm run build:h5`)')
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url) && !isFilePath(req.url)
    if (wantsPage && hasIndex) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false })
    }
    if (wantsPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found (no H5 build is being served)')
    }
    if (isFilePath(req.url)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    return reply.status(404).send(fail('ESYS0002', langOf(req)))
  })
})
