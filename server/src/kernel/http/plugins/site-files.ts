/**
 * The microsite's added files: /files/<path> that is not a shipped file (config.filesDir) is read
 * from the file storage under `site/<path>`, where `npm run microsite:load -- --files <folder>`
 * puts them (microsite/site-files.ts), so every instance serves what an operator added once.
 */
import crypto from 'node:crypto'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isValidKey, type FileStorage } from '../../storage'

/** the storage key of a microsite file named /files/<sitePath> */
export const siteFileKey = (sitePath: string): string => `site/${sitePath}`

/** what a browser needs to show them; anything else is offered as a download */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
}
export const contentTypeOf = (name: string): string => TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'

/** the path after /files/ as a storage key's tail, or null (not a name a loaded file can have) */
function sitePathOf(url: string): string | null {
  const raw = url.replace(/^\/files\//, '').replace(/[?#].*$/, '')
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  return isValidKey(siteFileKey(decoded)) ? decoded : null
}

export async function sendSiteFile(storage: FileStorage, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found')
  if (req.method !== 'GET' && req.method !== 'HEAD') return notFound()
  const sitePath = sitePathOf(req.url)
  const bytes = sitePath ? await storage.get(siteFileKey(sitePath)) : null
  if (!sitePath || !bytes) return notFound()
  const etag = `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`
  // as the shipped files: kept an hour, then asked again (a replaced picture shows within the hour)
  reply.header('cache-control', 'public, max-age=3600').header('etag', etag)
  if (req.headers['if-none-match'] === etag) return reply.status(304).send()
  const type = contentTypeOf(sitePath)
  // a page an operator added runs on this origin only as the page it is, never as a script of another
  reply.header('x-content-type-options', 'nosniff')
  return reply.type(type).send(bytes)
}
