/**
 * The server's import zones (eslint `import/no-restricted-paths`), generated from its folders as the
 * client's feature zones are: server/src/<domain>/ holds one domain (its routes/, its services at
 * the top, its repositories/, its pure rules/ and its tables) over server/src/kernel/, the shared
 * kernel; app.ts, deps.ts, config.ts, jobs.ts, routes.ts, seed.ts and search-caches.ts at the top
 * are where the domains are wired together.
 *
 * Inside a domain (the layers):
 * - a route (routes/) calls a service: it never imports kernel/db or a repository;
 * - a pure rule (rules/) does no I/O: it imports only other rules, kernel/time/time.ts and
 *   kernel/mask.ts;
 * - a repository (repositories/) is SQL only: it imports no service and no route.
 * Between domains:
 * - a domain uses another through its services, rules, schemas and tables, never through its
 *   routes/ (only routes.ts loads those), its dev-routes or its repositories/; the rows every
 *   domain reads (the event, the user) are shared: events/repositories/events.ts and
 *   auth/repositories/users.ts; REPOSITORY_CROSSINGS lists the other reads the code makes today;
 * - the kernel imports no domain, except the tables its schema index gathers (kernel/db/schema.ts)
 *   and KERNEL_CROSSINGS.
 */
const fs = require('fs')
const path = require('path')

const root = path.join(__dirname, '..')
const src = path.join(__dirname, 'src')
const rel = (p) => './' + path.relative(root, p)

/** a repository another domain reads directly today (a service call would replace it) */
const SHARED_REPOSITORIES = ['events/repositories/events.ts', 'auth/repositories/users.ts']
const REPOSITORY_CROSSINGS = {
  // the password of an attendee is kept on their registration
  auth: ['register/repositories/register.ts'],
  // an uploaded file belongs to a registration
  files: ['register/repositories/register.ts'],
  // a registration form lists the agenda's activities
  register: ['schedule/repositories/schedule.ts'],
  // the order list reads every domain's orders in one page
  orders: ['air/repositories/air.ts', 'train/repositories/orders.ts'],
  // an order and its after-sales pay inside their own transaction; the demo seeds the policy
  train: ['payments/repositories/payments.ts', 'travel/repositories/travel.ts'],
  air: ['payments/repositories/payments.ts'],
}
/** kernel files that need a domain: route() checks the caller's session (attendee or staff); an SMS states the code's lifetime */
const KERNEL_CROSSINGS = ['kernel/http/route.ts', 'kernel/messaging/tencent-sms.ts']

const isDir = (p) => fs.existsSync(p) && fs.statSync(p).isDirectory()
const domains = isDir(src) ? fs.readdirSync(src).filter((d) => d !== 'kernel' && isDir(path.join(src, d))) : []

/** every folder called `name` below `dir` */
function foldersNamed(dir, name) {
  if (!isDir(dir)) return []
  return fs.readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    if (!isDir(full)) return []
    return entry === name ? [full] : foldersNamed(full, name)
  })
}
/** every file below `dir` */
function filesBelow(dir) {
  return fs.readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    return isDir(full) ? filesBelow(full) : [full]
  })
}
const isTables = (file) => /(^|-)tables\.ts$/.test(path.basename(file))

/** the zones; `kernelCrossing` is true for the files of KERNEL_CROSSINGS */
function serverZones({ kernelCrossing = false } = {}) {
  const kernel = path.join(src, 'kernel')
  const routes = domains.flatMap((d) => foldersNamed(path.join(src, d), 'routes'))
  const rules = domains.flatMap((d) => foldersNamed(path.join(src, d), 'rules'))
  const repositories = domains.flatMap((d) => foldersNamed(path.join(src, d), 'repositories'))
  const zones = []

  for (const folder of routes) {
    zones.push({
      target: rel(folder),
      from: [rel(path.join(kernel, 'db')), ...repositories.map(rel)],
      message: 'A route calls a service; only services reach repositories (route → service(deps) → repository(tx)).',
    })
  }
  for (const folder of rules) {
    for (const d of domains) {
      const domainDir = path.join(src, d)
      zones.push({
        target: rel(folder),
        from: rel(domainDir),
        except: foldersNamed(domainDir, 'rules').map((r) => './' + path.relative(domainDir, r)),
        message: 'rules/ are pure rules: no database, no services, no routes.',
      })
    }
    zones.push({ target: rel(folder), from: rel(kernel), except: ['./time/time.ts', './mask.ts'], message: 'rules/ are pure rules: no database, no I/O.' })
  }
  for (const folder of repositories) {
    const services = domains.flatMap((d) =>
      filesBelow(path.join(src, d)).filter((f) => !/\/(routes|rules|repositories)\//.test(path.relative(src, f)) && !isTables(f) && f.endsWith('.ts')),
    )
    zones.push({
      target: rel(folder),
      from: [...services, ...routes].map(rel),
      message: 'A repository is SQL only: it does not call services or routes.',
    })
  }
  for (const d of domains) {
    const allowed = [...SHARED_REPOSITORIES, ...(REPOSITORY_CROSSINGS[d] ?? [])]
    for (const other of domains.filter((o) => o !== d)) {
      const otherDir = path.join(src, other)
      const internals = [
        ...foldersNamed(otherDir, 'routes'),
        ...filesBelow(otherDir).filter((f) => path.basename(f) === 'dev-routes.ts'),
        ...foldersNamed(otherDir, 'repositories')
          .flatMap(filesBelow)
          .filter((f) => !allowed.includes(path.relative(src, f))),
      ]
      if (internals.length === 0) continue
      zones.push({
        target: rel(path.join(src, d)),
        from: internals.map(rel),
        message: `A domain uses ${other}/ through its services, rules, schemas and tables, never its routes or repositories (server/eslint-zones.js).`,
      })
    }
  }
  for (const d of domains) {
    // route() resolves the caller's session: an attendee's (auth) or a staff member's (staff)
    if (kernelCrossing && (d === 'auth' || d === 'staff')) continue
    const domainDir = path.join(src, d)
    zones.push({
      target: rel(kernel),
      from: rel(domainDir),
      except: filesBelow(domainDir)
        .filter(isTables)
        .map((f) => './' + path.relative(domainDir, f)),
      message: "The kernel imports no domain (only kernel/db/schema.ts gathers the domains' tables).",
    })
  }
  return zones
}

module.exports = { serverZones, KERNEL_CROSSINGS: KERNEL_CROSSINGS.map((f) => `server/src/${f}`) }
