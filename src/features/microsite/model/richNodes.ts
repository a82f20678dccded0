/**
 * The mini-program's second pass over rich-text nodes (the server built them from sanitised HTML):
 * only the allowed tags, attributes and addresses of contracts/microsite.ts go to <RichText>,
 * whatever a server or a proxy in between sent. Pictures get their address on the API server
 * (the mini-program has no origin of its own) and a width that fits the phone.
 */
import { RICH_ATTRIBUTES, RICH_TAGS, isSafeUrl, type RichNode } from '@contracts/microsite'

const TAGS = new Set<string>(RICH_TAGS.filter((t) => t !== 'iframe'))
const URL_ATTRIBUTE: Record<string, { attr: string; kind: 'link' | 'image' }> = {
  a: { attr: 'href', kind: 'link' },
  img: { attr: 'src', kind: 'image' },
}
const IMG_STYLE = 'max-width:100%;height:auto;display:block;margin:8px auto;'

/** a path on the API server as an address the mini-program can load */
export function assetUrl(url: string, base: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url
}

export function cleanRichNodes(nodes: readonly RichNode[], base: string): RichNode[] {
  return nodes.flatMap((n): RichNode[] => {
    if ('type' in n && n.type === 'text') return typeof n.text === 'string' ? [{ type: 'text', text: n.text }] : []
    if (!('name' in n) || typeof n.name !== 'string') return []
    const tag = n.name.toLowerCase()
    const children = Array.isArray(n.children) ? cleanRichNodes(n.children, base) : []
    if (!TAGS.has(tag)) return tag === 'iframe' || tag === 'script' || tag === 'style' ? [] : children
    const attrs: Record<string, string> = {}
    for (const a of [...(RICH_ATTRIBUTES[tag] ?? []), ...RICH_ATTRIBUTES['*']]) {
      const v = n.attrs?.[a]
      if (typeof v !== 'string') continue
      const rule = URL_ATTRIBUTE[tag]
      if (rule?.attr === a) {
        if (!isSafeUrl(v, rule.kind)) continue
        attrs[a] = tag === 'img' ? assetUrl(v, base) : v
      } else attrs[a] = v
    }
    if (tag === 'img') {
      if (!attrs.src) return []
      attrs.style = IMG_STYLE
    }
    const out: RichNode = { name: tag }
    if (Object.keys(attrs).length) out.attrs = attrs
    if (children.length) out.children = children
    return [out]
  })
}
