/**
 * Every /api route: each domain keeps its route files in its own `routes/` folder
 * (`<domain>/routes/<entity>.ts`, one per spec §7 entity), and each file exports a plugin that
 * registers its routes from their declarations in contracts/calls (kernel/http/route.ts). The
 * folders are found, not listed, so adding a call touches only its declaration and its route
 * file; test/calls.test.ts checks that every declared call has a route and every /api route is
 * declared. The /dev routes are not here: app.ts registers them outside production only.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'

/** the folder named `routes` of every domain and of every sub-folder of a domain */
function routeFolders(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const full = path.join(dir, entry.name)
    if (entry.name === 'routes') out.push(full)
    else out.push(...routeFolders(full))
  }
  return out
}

/** the route files below `dir` */
function filesBelow(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesBelow(full))
    else if (/\.[cm]?[jt]s$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full)
  }
  return out
}

/** route files of every domain, sorted so registration order never depends on the file system */
export function routeFiles(dir: string = __dirname): string[] {
  return routeFolders(dir).flatMap(filesBelow).sort()
}

export default async function apiRoutes(app: FastifyInstance) {
  for (const file of routeFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at start, not listed
    const plugin = (require(file) as { default?: FastifyPluginAsync }).default
    if (typeof plugin !== 'function') throw new Error(`${path.relative(__dirname, file)} does not export a route plugin as default`)
    await app.register(plugin)
  }
}
