/**
 * Where a module leads (pure, tested): a page, article or album opens the detail page of the
 * microsite style the attendee is in; a link opens the web-view page. The address carries codes
 * only, never the link itself: the web-view page reads the address from the server, so a crafted
 * link cannot make the app frame a page the organiser did not put there.
 */
import type { ModuleView } from '@contracts/calls/microsite'
import type { MicrositeStyle } from '@contracts/microsite'
import type { Query } from '@/lib/router/navigate'
import type { RouteName } from '@/lib/router/routes'

export const HOME_ROUTE: Record<MicrositeStyle, RouteName> = { sudoku: 'micrositeIndex', '2.5d': 'microsite25dIndex' }
export const DETAIL_ROUTE: Record<MicrositeStyle, RouteName> = { sudoku: 'micrositeDetail', '2.5d': 'microsite25dDetail' }

export interface Destination {
  route: RouteName
  query: Query
}

export function moduleDestination(style: MicrositeStyle, pageCode: string, m: Pick<ModuleView, 'kind' | 'target' | 'moduleCode'>): Destination | null {
  switch (m.kind) {
    case 'page':
      return { route: DETAIL_ROUTE[style], query: { page: m.target } }
    case 'article':
      return { route: DETAIL_ROUTE[style], query: { page: pageCode, article: m.target } }
    case 'album':
      return { route: DETAIL_ROUTE[style], query: { page: pageCode, album: m.target } }
    case 'link':
      return { route: 'microsite25dWebView', query: { page: pageCode, module: m.moduleCode } }
    // a text module on a home: its page shown as sections, where the text can be read
    case 'text':
      return { route: DETAIL_ROUTE[style], query: { page: pageCode } }
    default:
      return null
  }
}

/** what the detail page shows, from its address */
export type DetailTarget =
  | { kind: 'page'; pageCode: string }
  | { kind: 'article'; pageCode: string; articleCode: string }
  | { kind: 'album'; pageCode: string; atlasCode: string }
  | { kind: 'none' }

export function detailTargetOf(params: Record<string, string | undefined>): DetailTarget {
  const pageCode = params.page ?? ''
  if (!pageCode) return { kind: 'none' }
  if (params.article) return { kind: 'article', pageCode, articleCode: params.article }
  if (params.album) return { kind: 'album', pageCode, atlasCode: params.album }
  return { kind: 'page', pageCode }
}
