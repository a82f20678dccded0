/**
 * A local HTTP server standing in for WeChat's API in the real clients' tests: it records every
 * request (method, path, query, JSON body) and answers what the test says, one connection per call.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

export interface WechatLikeServer {
  baseUrl: string
  seen: SeenRequest[]
  /** what the next requests are answered (by path) */
  answer: (path: string) => { status?: number; body: string }
  close(): Promise<void>
}

export async function startWechatLikeServer(): Promise<WechatLikeServer> {
  const w = { seen: [] as SeenRequest[], answer: (() => ({ body: '{}' })) as WechatLikeServer['answer'] }
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = ''
    for await (const c of req) raw += c
    const u = new URL(req.url!, 'http://x')
    w.seen.push({ method: req.method!, path: u.pathname, query: Object.fromEntries(u.searchParams), body: raw ? JSON.parse(raw) : null })
    const a = w.answer(u.pathname)
    // one connection per call: a kept-alive socket the server closes meanwhile is not what these tests are about
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', connection: 'close' }).end(a.body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return Object.assign(w, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  })
}
