/** WeChat events on the rendered WXML: which handler an element binds, its dataset, its name in a message */
import type { RNode } from './render'

/** the handler an element names for `type` (bind or, when allowed, catch, which stops the bubbling) */
export function handlerOf(node: RNode, type: string, allowCatch: boolean): { name: string; catch: boolean } | null {
  const a = node.attr
  const c = allowCatch ? (a[`catch${type}`] ?? a[`catch:${type}`]) : undefined
  if (typeof c === 'string' && c) return { name: c, catch: true }
  const b = a[`bind${type}`] ?? a[`bind:${type}`]
  if (typeof b === 'string' && b) return { name: b, catch: false }
  return null
}

/** data-* attributes as WeChat hands them to a handler (data-order-id → orderId) */
export function datasetOf(node: RNode): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node.attr)) {
    if (k.startsWith('data-')) out[k.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = v
  }
  return out
}

export function describeNode(n: RNode): string {
  const cls = typeof n.attr.class === 'string' && n.attr.class.trim() ? `.${n.attr.class.trim().split(/\s+/).join('.')}` : ''
  return `<${n.tag}${cls}>`
}
