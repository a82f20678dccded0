/**
 * Graceful shutdown of a real server process (server.ts → kernel/health/shutdown.ts): on SIGTERM
 * readiness goes false first, the instance keeps serving for DRAIN_DELAY_MS with `Connection:
 * close` on every answer, then stops listening, lets the request in flight finish, and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { getEventByHash } from '@contracts/calls/event'

const ROOT = path.resolve(__dirname, '../..')
const DRAIN_MS = 1500

function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; log: () => string; exited: Promise<number | null> }> {
  // node with tsx as a loader (not the tsx CLI): the signal reaches the server itself
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dataDir, 'pglite'),
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      STATIC_DIR: path.join(dataDir, 'no-build'),
      DRAIN_DELAY_MS: String(DRAIN_MS),
      LOG_LEVEL: 'info',
    },
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 100_000)
    child.stdout!.on('data', () => {
      const m = /Open http:\/\/localhost:(\d+)\//.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({ child, port: Number(m[1]), log: () => out, exited })
      }
    })
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)))
  })
}

/** an HTTP request written by hand: the first `sentNow` characters now, the rest when asked */
function halfSentRequest(port: number, body: string, sentNow?: number) {
  const socket = net.connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (d) => (answer += d))
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)))
  const text = `POST ${getEventByHash.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  // by default the headers and half the body
  const cut = sentNow ?? text.length - Math.ceil(body.length / 2)
  socket.write(text.slice(0, cut))
  return {
    finish: () => socket.write(text.slice(cut)),
    /** the raw answer, once the server has closed the connection */
    closed,
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1')
    s.on('connect', () => {
      s.destroy()
      resolve(false)
    })
    s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'))
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

it('SIGTERM: not ready first, serves through the drain with Connection: close, finishes the request in flight, exits 0', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'))
  const server = await startServer(dir)
  try {
    const base = `http://127.0.0.1:${server.port}`
    expect((await fetch(`${base}/readyz`)).status).toBe(200)

    const inFlight = halfSentRequest(server.port, JSON.stringify({ eventHashCode: 'demo' }))
    // a request whose headers are still arriving when the server closes: it is on a connection the
    // server accepted, so it is served (a balancer would not resend this POST elsewhere)
    const headersArriving = halfSentRequest(server.port, JSON.stringify({ eventHashCode: 'demo' }), 30)
    await sleep(200)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')

    // readiness goes false at once; the instance still answers, asking to close the connection
    let ready = await fetch(`${base}/readyz`)
    while (ready.status === 200 && Date.now() - signalledAt < 1000) ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(503)
    expect(((await ready.json()) as { failed: string[] }).failed).toEqual(['draining'])
    expect(ready.headers.get('connection')).toBe('close')
    const during = await fetch(`${base}${getEventByHash.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"eventHashCode":"demo"}',
    })
    expect(during.status).toBe(200)
    expect(during.headers.get('connection')).toBe('close')
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS)

    // after the drain delay it no longer listens, but the request in flight keeps it running
    await sleep(DRAIN_MS + 700 - (Date.now() - signalledAt))
    expect(await refused(server.port)).toBe(true)
    expect(server.child.exitCode).toBeNull()
    inFlight.finish()
    headersArriving.finish()
    const late = await headersArriving.closed
    expect(late).toMatch(/^HTTP\/1\.1 200 /)
    const answer = await inFlight.closed
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(answer).toContain('"status":200')

    expect(await server.exited).toBe(0)
    const steps = ['shutdown: draining', 'shutdown: job runner stopped', 'shutdown: closing the server', 'shutdown: closed'].map((s) => server.log().indexOf(s))
    expect(steps.every((i) => i >= 0)).toBe(true)
    expect([...steps].sort((a, b) => a - b)).toEqual(steps)
  } finally {
    server.child.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 150_000)
