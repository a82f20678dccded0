/**
 * Slow clients are not held: the app listens on a real socket and a raw TCP
 * client sends headers and part of a body, then trickles or stops. The server must close the
 * connection within the configured time (answering 408 first when the request timed out).
 * Small timeouts here; the defaults are in config.ts.
 */
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { getEvent } from '@contracts/calls/event'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())

async function listening(config: {
  requestTimeoutMs: number
  connectionTimeoutMs: number
  keepAliveTimeoutMs?: number
}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await t.buildApp({ prepareDb: false, config })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as net.AddressInfo).port }
}

interface Outcome {
  /** ms from connecting until the server closed the socket; null: still open at the deadline */
  closedAfter: number | null
  received: string
}

/** opens a socket, lets `talk` write to it, and waits until the server closes it (or the deadline) */
function converse(port: number, talk: (s: net.Socket) => void, deadlineMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const start = Date.now()
    let received = ''
    const s = net.connect(port, '127.0.0.1', () => talk(s))
    s.setEncoding('utf8')
    s.on('data', (d: string) => (received += d))
    s.on('error', () => undefined)
    const timer = setTimeout(() => {
      s.destroy()
      resolve({ closedAfter: null, received })
    }, deadlineMs)
    s.on('close', () => {
      clearTimeout(timer)
      resolve({ closedAfter: Date.now() - start, received })
    })
  })
}

const BODY = JSON.stringify({ eventCode: 'DEMO' })
const head = (length: number) => `POST ${getEvent.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

it('a body that stops half-way: answered 408 and closed within requestTimeout', async () => {
  const { app, port } = await listening({ requestTimeoutMs: 600, connectionTimeoutMs: 20_000 })
  const r = await converse(port, (s) => s.write(head(BODY.length) + BODY.slice(0, 5)), 8_000)
  expect(r.closedAfter).not.toBeNull()
  expect(r.closedAfter).toBeGreaterThanOrEqual(500)
  expect(r.closedAfter).toBeLessThan(600 + 3_000)
  expect(r.received).toMatch(/^HTTP\/1\.1 408 /)
  await app.close()
})

it('a body trickled a byte at a time (never idle) is still cut at requestTimeout', async () => {
  const { app, port } = await listening({ requestTimeoutMs: 800, connectionTimeoutMs: 20_000 })
  let timer: NodeJS.Timeout | undefined
  const r = await converse(
    port,
    (s) => {
      s.write(head(10_000))
      timer = setInterval(() => s.writable && s.write(' '), 50)
    },
    8_000,
  )
  clearInterval(timer)
  expect(r.closedAfter).not.toBeNull()
  expect(r.closedAfter).toBeLessThan(800 + 3_000)
  expect(r.received).toMatch(/^HTTP\/1\.1 408 /)
  await app.close()
})

it('a connection that goes quiet mid-headers is closed after connectionTimeout', async () => {
  const { app, port } = await listening({ requestTimeoutMs: 20_000, connectionTimeoutMs: 400 })
  const r = await converse(port, (s) => s.write(`POST ${getEvent.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`), 8_000)
  expect(r.closedAfter).not.toBeNull()
  expect(r.closedAfter).toBeGreaterThanOrEqual(300)
  expect(r.closedAfter).toBeLessThan(400 + 3_000)
  await app.close()
})

it('an idle keep-alive connection is closed after keepAliveTimeout, after a full answer', async () => {
  const { app, port } = await listening({ requestTimeoutMs: 20_000, connectionTimeoutMs: 20_000, keepAliveTimeoutMs: 300 })
  const r = await converse(port, (s) => s.write(head(Buffer.byteLength(BODY)) + BODY), 8_000)
  expect(r.received).toMatch(/^HTTP\/1\.1 200/)
  expect(r.received).toContain('"eventCode":"DEMO"')
  expect(r.closedAfter).not.toBeNull()
  expect(r.closedAfter).toBeLessThan(300 + 3_000)
  await app.close()
})
