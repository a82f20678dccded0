import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './paths'

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string
  stop(): Promise<void>
}

/**
 * The real API server (server/src/server.ts) in its own process, as `npm run server` runs it, on a
 * fresh embedded database in a temporary folder (migrated and seeded with the demo events at
 * start), on a free port of the loopback interface. API only: no H5 build is served.
 */
export async function startServer(timeoutMs = 120_000): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-weapp-'))
  const tsxCli = require.resolve('tsx/cli', { paths: [ROOT] })
  const child: ChildProcess = spawn(process.execPath, [tsxCli, path.join(ROOT, 'server', 'src', 'server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'pglite'),
      STATIC_DIR: path.join(dataDir, 'no-h5-build'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  })
  let output = ''
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs)
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        // server.ts prints the address to open once it listens
        const m = /Open http:\/\/localhost:(\d+)\//.exec(output)
        if (m) {
          clearTimeout(timer)
          resolve(Number(m[1]))
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the API server exited (${code}) before listening:\n${output}`))
      })
    })
    // keep reading so a chatty server never blocks on a full pipe
    child.stdout!.resume()
    return { origin: `http://127.0.0.1:${port}`, stop }
  } catch (e) {
    await stop()
    throw e
  }
}
