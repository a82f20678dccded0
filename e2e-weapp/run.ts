/**
 * `npm run test:weapp`: runs the compiled mini-program (dist/weapp) against the real API server and
 * checks it as WeChat would run it. One line per check, then `weapp: N passed, N failed`.
 *
 *   npm run test:weapp                 build if dist/weapp is stale or not made for the harness
 *   npm run test:weapp -- --rebuild    build whatever the state of dist/weapp
 *   npm run test:weapp -- --verbose    also print the app's console output and every note
 *   WEAPP_TRACE=1 npm run test:weapp   trace page lifecycles and wx calls as they happen
 *
 * What it covers and what only the WeChat devtools can show: docs/weapp-harness.md.
 */
import { ROUTE_LIST, type RouteDef } from '../src/lib/router/routes'
import { checkAppJson } from './harness/appJson'
import { buildWeapp, staleReason } from './harness/build'
import { DIST, HARNESS_API_ORIGIN } from './harness/paths'
import { startServer, type TestServer } from './harness/server'
import { runApp } from './app-flow'
import { check, finish, mps, report, tally } from './checks'
import { demoEvent } from './demo-api'

const args = new Set(process.argv.slice(2))
const verbose = args.has('--verbose')

async function main(): Promise<number> {
  const started = Date.now()

  // ---- the build the harness runs
  const reason = args.has('--rebuild') ? '--rebuild' : staleReason()
  const built = await check('weapp build with the harness API origin', () => {
    if (!reason) return `reused dist/weapp (built with TARO_APP_API_BASE_URL=${HARNESS_API_ORIGIN})`
    console.log(`building dist/weapp (${reason}) …`)
    const r = buildWeapp()
    if (!r.ok) throw new Error(`taro build --type weapp failed or did not take TARO_APP_API_BASE_URL:\n${r.log.split('\n').slice(-30).join('\n')}`)
    return `built in ${(r.ms / 1000).toFixed(0)} s (${reason})`
  })
  if (!built) return finish(started, verbose)

  // ---- app.json and page json against WeChat's rules and the route list
  const routes = ROUTE_LIST.map(([, d]) => d as RouteDef)
  for (const c of checkAppJson(DIST, routes)) {
    await check(`app.json: ${c.name}`, () => {
      if (c.problems.length) throw new Error(c.problems.join('\n'))
    })
  }

  // ---- the real API server on a fresh database
  let server: TestServer | null = null
  const serverUp = await check('API server starts on a fresh database', async () => {
    server = await startServer()
    return server.origin
  })
  if (!serverUp || !server) return finish(started, verbose)
  const api: TestServer = server
  try {
    const event = await demoEvent(api.origin)
    await runApp(api, event, routes, verbose)
  } catch (e) {
    report(false, 'the harness itself', e instanceof Error ? (e.stack ?? e.message) : String(e))
  } finally {
    for (const mp of mps) mp.dispose()
    await api.stop()
  }
  return finish(started, verbose)
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    console.log(`weapp: ${tally.passed} passed, ${tally.failed + 1} failed`)
    process.exit(1)
  },
)
