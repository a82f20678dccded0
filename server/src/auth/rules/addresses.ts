/**
 * What the limits count by: one person's mailbox however its address is spelled, and one client
 * however many addresses of its own network it uses. Only the limits use these keys; a code is
 * still sent to, stored for and checked against the address as typed.
 */

/**
 * The mailbox an e-mail address reaches, for limits:
 *  - lower-cased and trimmed;
 *  - a `+tag` in the local part is dropped (lilei+0@example.com → lilei@example.com): Gmail,
 *    Outlook, iCloud, Fastmail and many company servers deliver it to the same mailbox, so it must count as one;
 *  - dots in the local part are dropped for gmail.com / googlemail.com only (Gmail ignores them,
 *    googlemail.com is the same service). Elsewhere a dot may separate two people
 *    (li.lei@corp.com and lilei@corp.com), so it is kept.
 * Other sub-address separators (Yahoo's `-`) are not folded: `-` is common in real names.
 */
export function normaliseEmail(address: string): string {
  const a = address.trim().toLowerCase()
  const at = a.lastIndexOf('@')
  if (at <= 0) return a
  let local = a.slice(0, at)
  let domain = a.slice(at + 1)
  const plus = local.indexOf('+')
  // '+x@…' has nothing before its tag: keep it whole rather than count it under an empty name
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    domain = 'gmail.com'
    local = local.replace(/\./g, '') || local
  }
  return `${local}@${domain}`
}

/** the key a code destination is limited by: `sms:13800138000`, `email:lilei@example.com` */
export function limitKey(channel: 'sms' | 'email', to: string): string {
  return channel === 'email' ? `email:${normaliseEmail(to)}` : `sms:${to.trim()}`
}

/**
 * The client a request comes from, for per-address limits: an IPv4 address as it is (also when
 * written IPv4-mapped, ::ffff:1.2.3.4), an IPv6 address as its /64, since one subscriber usually
 * holds a whole /64 and could otherwise take a fresh address for every try.
 */
export function addressKey(ip: string): string {
  const v = ip.trim().toLowerCase().replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v)
  if (mapped) return mapped[1]
  if (!v.includes(':')) return v || 'unknown'
  const groups = expandIpv6(v)
  if (!groups) return v.slice(0, 64)
  return `${groups.slice(0, 4).join(':')}::/64`
}

/** the 8 groups of an IPv6 address (no leading zeros), or null if it is not one */
function expandIpv6(v: string): string[] | null {
  // a trailing embedded IPv4 (::ffff:0:1.2.3.4, 64:ff9b::1.2.3.4) counts as two groups
  const m = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v)
  if (m) {
    const b = m.slice(2).map(Number)
    v = `${m[1]}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`
  }
  const halves = v.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => parseInt(g, 16).toString(16))
}
