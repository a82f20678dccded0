/**
 * Every /api route: each file under this folder (one per spec §7 entity, in a folder per module)
 * exports a plugin that registers its routes from their declarations in contracts/calls
 * (lib/route.ts). Files are found, not listed, so adding a call touches only its declaration and
 * its route file; test/calls.test.ts checks that every declared call has a route and every /api
 * route is declared.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'

/** route files below `dir`, sorted so registration order never depends on the file system */
export function routeFiles(dir: string = __dirname): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...routeFiles(full))
    else if (/\.[cm]?[jt]s$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && full !== __filename) out.push(full)
  }
  return out.sort()
}

export default async function apiRoutes(app: FastifyInstance) {
  for (const file of routeFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at start, not listed
    const plugin = (require(file) as { default?: FastifyPluginAsync }).default
    if (typeof plugin !== 'function') throw new Error(`${path.relative(__dirname, file)} does not export a route plugin as default`)
    await app.register(plugin)
  }
}
