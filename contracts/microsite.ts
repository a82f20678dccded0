/**
 * The microsite (spec §2 "microsite pages", §3 "microsite info", §6): shapes both sides share,
 * and the one access rule the server enforces and the client's guard applies before asking.
 *
 * A microsite belongs to an event. It has pages: homes (drawn as the Sudoku grid or the 2.5D
 * layout) and detail pages. A page holds modules (tiles on a home, sections on a detail page);
 * a module opens a page, an article, a photo album or a link, or is a block of text itself.
 * Who may see what: the microsite's rule (the event's permissionType and someUserTypes) and the
 * page's own rule, both. An article or album is seen through the page that links to it, so it
 * needs no rule of its own: whoever may see a page sees what it links to.
 */

export type MicrositeStyle = 'sudoku' | '2.5d'
export const MICROSITE_STYLES: readonly MicrositeStyle[] = ['sudoku', '2.5d']

export type PageKind = 'home' | 'detail'
export const PAGE_KINDS: readonly PageKind[] = ['home', 'detail']

/** what a module does when tapped (text: nothing, its text is shown where it stands) */
export type ModuleKind = 'page' | 'article' | 'album' | 'link' | 'text'
export const MODULE_KINDS: readonly ModuleKind[] = ['page', 'article', 'album', 'link', 'text']

/**
 * Spec §5/§6 permission types. 1: anyone. 2 and 3: a logged-in attendee of the event (the spec
 * names both as "login required" and shows nothing that tells them apart, so they are treated
 * alike). 4: a logged-in attendee whose type is in someUserTypes.
 */
export type PermissionType = 1 | 2 | 3 | 4
export const PERMISSION_TYPES: readonly PermissionType[] = [1, 2, 3, 4]
export const LOGIN_PERMISSION_TYPES: readonly number[] = [2, 3, 4]

export interface AccessRule {
  permissionType: number
  /** for permissionType 4: the attendee types admitted */
  someUserTypes: readonly string[]
}

/** who is asking: a logged-in attendee of this event has a user type; a guest has none */
export interface Viewer {
  userType: string | null
}

/** allow; login: a guest must log in first; forbidden: logged in, but not of an admitted type */
export type Access = 'allow' | 'login' | 'forbidden'

/**
 * The access of `viewer` to something guarded by every rule in `rules` (the microsite's, then the
 * page's). A guest is told to log in before being told a type is not admitted: logging in may be
 * all it takes. An unknown permissionType is treated as the strictest known one (4 with its list),
 * so a typo in a loaded file never opens a page.
 */
export function accessOf(rules: readonly AccessRule[], viewer: Viewer): Access {
  const known = rules.map((r) => (PERMISSION_TYPES.includes(r.permissionType as PermissionType) ? r : { ...r, permissionType: 4 }))
  if (viewer.userType === null && known.some((r) => LOGIN_PERMISSION_TYPES.includes(r.permissionType))) return 'login'
  const typeRules = known.filter((r) => r.permissionType === 4)
  if (typeRules.some((r) => !r.someUserTypes.includes(viewer.userType ?? ''))) return 'forbidden'
  return 'allow'
}

/**
 * Sanitised rich text in the form the client renders: H5 asks for html (and sanitises it again
 * with DOMPurify before showing it), the mini-program asks for nodes for its rich-text component
 * (no HTML parser in the mini-program package, and never a raw string).
 */
export type RichFormat = 'html' | 'nodes'
export const RICH_FORMATS: readonly RichFormat[] = ['html', 'nodes']

/** a node of the WeChat rich-text component (type 'node' is implied by `name`) */
export type RichNode = { type: 'text'; text: string } | { name: string; attrs?: Record<string, string>; children?: RichNode[] }

export type RichContent = { format: 'html'; html: string } | { format: 'nodes'; nodes: RichNode[] }

/** tags the rich text may hold, on both sides (anything else is dropped, its text kept) */
export const RICH_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'span',
  'div',
  'section',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
  'figure',
  'figcaption',
  'iframe',
] as const

/** attributes each tag may keep (no style, no on*, no id: nothing that runs or reaches the page around it) */
export const RICH_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  iframe: ['src', 'width', 'height', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
  '*': ['class'],
}

/**
 * An address rich text may point to: http(s), mailto and tel links, and paths on this site.
 * Everything else (javascript:, vbscript:, data:, protocol-relative //host) is refused. Browsers
 * ignore tabs and newlines inside a scheme ("java\tscript:"), so those are removed before looking.
 */
export function isSafeUrl(url: string, kind: 'link' | 'image' | 'frame'): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what we strip
  const u = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (u.startsWith('/')) return !u.startsWith('//') && !u.startsWith('/\\')
  // a frame may only show a page of this site: a foreign page would run its own scripts here
  if (kind === 'frame') return false
  if (/^https?:\/\//i.test(u)) return true
  return kind === 'link' && /^(mailto|tel):/i.test(u)
}
