/**
 * Serves the organisers' console (console/, built into dist/console by Vite) at /admin/: its files,
 * and index.html for every other address below /admin/ (the console's own router shows the page).
 * It is a context of its own under the /admin prefix, with its own not-found answer, beside the H5
 * app's (static.ts), which keeps every other address.
 *
 * Caching: Vite names every file under assets/ by its content's hash, so those are kept a year
 * (`immutable`); index.html, which names the current build's files, and the service worker
 * (sw.js, which lists them for offline: console/build/service-worker.ts) are revalidated on every
 * use, so a new build's worker is found on the next visit. The worker at /admin/sw.js has /admin/
 * as its scope without any header. Without a build /admin answers 404 with how to make one.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { IMMUTABLE, REVALIDATE } from './static'

const ASSET = /[\\/]assets[\\/][^\\/]+$/
/**
 * a built file that is not there (an old build's, or the worker of a build without one): a 404,
 * never the page in its place (a browser would take the page for the worker's script)
 */
const MISSING_FILE = /^\/admin\/(assets\/|sw\.js$)/

export default async function consoleSite(app: FastifyInstance, opts: { consoleDir: string | null }) {
  const index = opts.consoleDir ? path.join(opts.consoleDir, 'index.html') : null
  const hasBuild = !!index && fs.existsSync(index)

  await app.register(
    async (site) => {
      if (hasBuild) {
        await site.register(fastifyStatic, {
          root: opts.consoleDir!,
          prefix: '/',
          // the H5 registration owns reply.sendFile
          decorateReply: false,
          index: false,
          dotfiles: 'deny',
          cacheControl: false,
          setHeaders(res, filePath) {
            res.setHeader('cache-control', ASSET.test(filePath) ? IMMUTABLE : REVALIDATE)
          },
        })
        app.log.info({ dir: opts.consoleDir }, 'serving the organisers console at /admin/')
      }
      const page = (reply: FastifyReply) =>
        // read on each request: a rebuild while the server runs is served at once
        reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(fs.readFileSync(index!))
      if (hasBuild) site.get('/', (_req, reply) => page(reply))
      site.setNotFoundHandler((req, reply) => {
        const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !MISSING_FILE.test(req.url.split('?')[0])
        if (!wantsPage || !hasBuild) {
          return reply
            .status(404)
            .type('text/plain; charset=utf-8')
            .send(hasBuild ? 'Not found' : 'Not found (no console build is being served: npm run build:console)')
        }
        return page(reply)
      })
    },
    { prefix: '/admin' },
  )
}
