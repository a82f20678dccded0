/**
 * Part of `npm run bench` (or `npx tsx scripts/bench-h5.ts`): what the server sends for the H5 first
 * load, per accept-encoding, measured on the wire. It serves dist/h5 with the server's own static
 * plugin on a loopback port and fetches index.html and every file it names (the entry bundles and
 * styles a browser fetches before anything shows; the page's own small chunk comes after, and
 * Lighthouse's "transfer" column in scripts/lighthouse.ts counts everything a real page load takes).
 * Bytes are bodies as sent (compressed when compressed), headers not counted.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import Fastify from 'fastify'
import staticSite from '../server/src/kernel/http/plugins/static'

const dir = path.resolve(__dirname, '..', process.env.STATIC_DIR ?? 'dist/h5')

/** body bytes as they crossed the wire (node's http does not decode), and the encoding used */
function get(port: number, url: string, acceptEncoding: string): Promise<{ status: number; bytes: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, bytes: body.length, encoding: String(res.headers['content-encoding'] ?? 'identity'), body })
        })
      })
      .on('error', reject)
  })
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.log(`H5 transfer: no build in ${dir} (npm run build:h5)`)
    return
  }
  const app = Fastify({ logger: false })
  await app.register(staticSite, { staticDir: dir, filesDir: null })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  try {
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
    const urls = ['/', ...[...html.matchAll(/(?:src|href)="(\/?(?:js|css)\/[^"]+)"/g)].map((m) => `/${m[1].replace(/^\//, '')}`)]
    const rows: Array<[string, number, string]> = []
    for (const accept of ['identity', 'gzip', 'br']) {
      let total = 0
      const used = new Set<string>()
      for (const url of urls) {
        const r = await get(port, url, accept)
        if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`)
        total += r.bytes
        used.add(r.encoding)
      }
      rows.push([accept, total, [...used].join('+')])
    }
    const plain = rows[0][1]
    console.log(`H5 first load as served (index.html + the ${urls.length - 1} files it names, bodies on the wire):`)
    for (const [accept, bytes, used] of rows) {
      const saved = accept === 'identity' ? '' : `, ${((1 - bytes / plain) * 100).toFixed(0)}% less`
      console.log(`  accept-encoding ${accept.padEnd(8)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB (sent as ${used}${saved})`)
    }
  } finally {
    await app.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
