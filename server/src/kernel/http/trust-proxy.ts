/**
 * Which X-Forwarded-For entries are believed (TRUST_PROXY, parsed in config.ts). A proxy such as
 * nginx with `$proxy_add_x_forwarded_for` APPENDS the address it saw to whatever the client sent,
 * so the left of the header is the client's to write: the client address is the right-most entry
 * that no trusted proxy wrote. Fastify (proxy-addr) walks the chain from the socket leftwards and
 * stops at the first address it does not trust; this says which ones it trusts:
 *  - false: none (req.ip is the socket's peer: the header is ignored);
 *  - a number of hops: the socket's peer and the next n-1 entries from the right are proxies.
 *    Only sound when the server's port is reachable through the proxies alone: a client that
 *    reaches it directly would be taken for a proxy;
 *  - a list of addresses / CIDRs (proxy-addr's names loopback, linklocal, uniquelocal too):
 *    entries from the right are skipped while they are listed, so a direct client is itself.
 * `true` is one hop (one proxy in front, the usual nginx on the same machine).
 */
import type { FastifyServerOptions } from 'fastify'

export type TrustProxy = boolean | number | string[]

export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(trust)) return trust.length ? trust : false
  const hops = trust === true ? 1 : trust === false ? 0 : trust
  if (hops <= 0) return false
  // a function, not the number: Fastify 5 takes a bare hop count as "trust nothing" (it cannot
  // check the peer), and the hop count is what the operator asked for
  return (_address: string, hop: number) => hop < hops
}

/** the names proxy-addr accepts for address ranges, beside addresses and CIDRs */
export const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const
