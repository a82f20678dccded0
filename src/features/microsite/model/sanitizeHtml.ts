/**
 * H5's second pass over rich text before it is shown (the server sanitised it when it was saved):
 * DOMPurify with the allow-list of contracts/microsite.ts, per tag. Links open in a new window
 * without a handle on this one; a frame (this site's pages only) runs no script at all; pictures
 * load when they scroll into view.
 *
 * Browser-only (DOMPurify needs a DOM): imported only on the H5 code path (RichContentView),
 * so the mini-program bundle never holds it.
 */
import DOMPurify from 'dompurify'
import { RICH_ATTRIBUTES, RICH_TAGS, isSafeUrl } from '@contracts/microsite'

const URL_ATTRIBUTE: Record<string, { attr: string; kind: 'link' | 'image' | 'frame' }> = {
  a: { attr: 'href', kind: 'link' },
  img: { attr: 'src', kind: 'image' },
  iframe: { attr: 'src', kind: 'frame' },
}
const ALL_ATTRIBUTES = [...new Set(Object.values(RICH_ATTRIBUTES).flat())]

let purifier: ReturnType<typeof DOMPurify> | null = null

/** one DOMPurify of our own: its hooks never meet another user of the library */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier
  const p = DOMPurify(window)
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase()
    const allowed = [...(RICH_ATTRIBUTES[tag] ?? []), ...RICH_ATTRIBUTES['*']]
    const rule = URL_ATTRIBUTE[tag]
    if (!allowed.includes(data.attrName) || (rule?.attr === data.attrName && !isSafeUrl(data.attrValue, rule.kind))) {
      data.keepAttr = false
    }
  })
  purifier = p
  return p
}

export function sanitizeForH5(html: string): string {
  const fragment = instance().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TAGS],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?![/\\]))/i,
    RETURN_DOM_FRAGMENT: true,
  }) as DocumentFragment | null
  // a document DOMPurify cannot give a body to (a <frameset>) comes back as nothing: show nothing
  if (!fragment) return ''
  // a picture or frame whose address was refused is only an empty box
  fragment.querySelectorAll('img:not([src]), iframe:not([src])').forEach((el) => el.remove())
  fragment.querySelectorAll('a[href]').forEach((a) => {
    a.setAttribute('target', '_blank')
    a.setAttribute('rel', 'noopener noreferrer')
  })
  fragment.querySelectorAll('iframe').forEach((f) => f.setAttribute('sandbox', ''))
  fragment.querySelectorAll('img').forEach((img) => img.setAttribute('loading', 'lazy'))
  const box = document.createElement('div')
  box.appendChild(fragment)
  return box.innerHTML
}
