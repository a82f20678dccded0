/**
 * Rich text of the microsite (articles, text modules): sanitised once when it is saved, then
 * served either as that HTML (H5, which sanitises it again with DOMPurify before showing it) or as
 * nodes for the mini-program's rich-text component (which has no HTML parser of its own, and must
 * never get a raw string).
 *
 * The allow-list (tags, attributes, addresses) is contracts/microsite.ts, so the client's second
 * pass keeps exactly what this one keeps. Scripts, styles, event handlers, javascript:/data:
 * addresses and frames of other sites are dropped here; a frame of this site is kept (H5 only:
 * the rich-text component has no frames).
 */
import sanitizeHtml from 'sanitize-html'
import { DomUtils, parseDocument } from 'htmlparser2'
import { RICH_ATTRIBUTES, RICH_TAGS, isSafeUrl, type RichContent, type RichFormat, type RichNode } from '@contracts/microsite'

/** the attribute that holds an address, per tag, and what kind of address it must be */
const URL_ATTRIBUTE: Record<string, { attr: string; kind: 'link' | 'image' | 'frame' }> = {
  a: { attr: 'href', kind: 'link' },
  img: { attr: 'src', kind: 'image' },
  iframe: { attr: 'src', kind: 'frame' },
}

/** a tag whose address is required: without a safe one the element is dropped (an empty img or frame is only noise) */
const NEEDS_URL = new Set(['img', 'iframe'])

/** tags whose content is not text to show (code, styles, form values): dropped with what they hold */
const NON_TEXT_TAGS = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes', 'plaintext', 'iframe']

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // frames: paths on this site only (isSafeUrl below checks it again, the same way the client does)
  allowedIframeHostnames: [],
  allowIframeRelativeUrls: true,
  disallowedTagsMode: 'discard',
  // what these hold is never text to show
  nonTextTags: [...NON_TEXT_TAGS],
  // a class may style, never break out of, the box the text is shown in
  allowedClasses: { '*': [/^[a-z][a-z0-9-]{0,40}$/] },
  transformTags: {
    '*': (tagName, attribs) => {
      const rule = URL_ATTRIBUTE[tagName]
      if (rule && attribs[rule.attr] !== undefined && !isSafeUrl(attribs[rule.attr], rule.kind)) {
        const { [rule.attr]: _dropped, ...rest } = attribs
        return { tagName, attribs: rest }
      }
      return { tagName, attribs }
    },
  },
  exclusiveFilter: (frame) => NEEDS_URL.has(frame.tag) && !frame.attribs[URL_ATTRIBUTE[frame.tag].attr],
}

/** rich text as it may be stored: only what the allow-list keeps (run on every save) */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim()
}

type ChildNode = ReturnType<typeof parseDocument>['children'][number]

/** rich-text has no figure; these show as blocks */
const NODE_TAG_ALIASES: Record<string, string> = { figure: 'div', figcaption: 'p', section: 'div' }
/** a picture never overflows the phone's width */
const IMG_STYLE = 'max-width:100%;height:auto;display:block;margin:8px auto;'

/**
 * Nodes for the WeChat rich-text component, from stored (sanitised) HTML. Built from the same
 * allow-list as a second pass: whatever reached the database, only allowed tags, attributes and
 * addresses come out. Frames are left out (rich-text cannot show them).
 */
export function richNodesOf(html: string): RichNode[] {
  const allowedTags = new Set<string>(RICH_TAGS)
  const walk = (nodes: ChildNode[]): RichNode[] =>
    nodes.flatMap((n): RichNode[] => {
      if (DomUtils.isText(n)) return n.data ? [{ type: 'text', text: n.data }] : []
      // comments, directives, CDATA
      if (!DomUtils.isTag(n)) return []
      const tag = n.name.toLowerCase()
      // frames too: rich-text cannot show them
      if (NON_TEXT_TAGS.includes(tag)) return []
      const children = walk(n.children)
      if (!allowedTags.has(tag)) return children
      const attrs: Record<string, string> = {}
      for (const a of [...(RICH_ATTRIBUTES[tag] ?? []), ...RICH_ATTRIBUTES['*']]) {
        const v = n.attribs[a]
        if (v === undefined) continue
        const rule = URL_ATTRIBUTE[tag]
        if (rule?.attr === a && !isSafeUrl(v, rule.kind)) continue
        attrs[a] = v
      }
      if (NEEDS_URL.has(tag) && !attrs[URL_ATTRIBUTE[tag].attr]) return []
      if (tag === 'img') attrs.style = IMG_STYLE
      const node: RichNode = { name: NODE_TAG_ALIASES[tag] ?? tag }
      if (Object.keys(attrs).length) node.attrs = attrs
      if (children.length) node.children = children
      return [node]
    })
  return walk(parseDocument(html).children)
}

/** stored HTML in the form the client asked for */
export function richContentOf(html: string, format: RichFormat): RichContent {
  return format === 'nodes' ? { format, nodes: richNodesOf(html) } : { format, html }
}
