/** Masked destinations for "code sent to …" (never echo a full number or address). */
export function maskMobile(m: string): string {
  return m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****'
}

export function maskEmail(e: string): string {
  const at = e.lastIndexOf('@')
  if (at < 1) return '***'
  const local = e.slice(0, at)
  const shown = local.length <= 2 ? local[0] : local.slice(0, 2)
  return `${shown}***${e.slice(at)}`
}
