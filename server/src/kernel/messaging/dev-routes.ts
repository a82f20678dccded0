import { BlockList, isIPv6 } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * GET /dev/outbox[?to=…]: the messages the sandbox sender "sent", newest first. Only registered
 * outside production: it lets browser tests read a code the way a person reads their SMS.
 *
 * The server listens on every interface, and the outbox holds everyone's login codes, so only a
 * caller on this machine may read it; anyone else gets the same 404 as an unknown path and learns
 * nothing about the route.
 */
export default async function devOutbox(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.callNotFound()
    const to = typeof req.query.to === 'string' ? req.query.to : undefined
    return app.outbox?.list(to) ?? []
  })
}

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  // IPv4 peers of a dual-stack socket arrive as ::ffff:a.b.c.d
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (v4) return loopback.check(v4[1], 'ipv4')
  try {
    return loopback.check(address, isIPv6(address) ? 'ipv6' : 'ipv4')
  } catch {
    return false
  }
}

/**
 * The socket, and every address a proxy says it forwarded for, must be loopback: a reverse proxy
 * on this machine connects from 127.0.0.1 for every visitor (with or without TRUST_PROXY), and
 * the entries left of the ones the trusted proxies wrote are the visitor's to write.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && isLoopback(req.ip) && forwardedFor(req).every(isLoopback)
}

function forwardedFor(req: FastifyRequest): string[] {
  const h = req.headers
  const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? '')).split(',')
  const forwarded = list(h.forwarded).flatMap((part) => {
    // RFC 7239: for=192.0.2.60, for="[2001:db8::1]:4711"
    const m = /for="?\[?([^\]";]+)/i.exec(part)
    return m ? [m[1]] : []
  })
  return [...list(h['x-forwarded-for']), ...list(h['x-real-ip']), ...forwarded].map((a) => a.trim()).filter(Boolean)
}
