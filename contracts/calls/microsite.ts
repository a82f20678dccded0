/**
 * The microsite calls of spec §7 (cmsWebpage, cmsWebpagePage, webpageModule, webpageModuleLang,
 * cmsArticle, atlasDetail). All are public with an optional login: a guest sees what permission
 * type 1 opens, a logged-in attendee what their login and type open (contracts/microsite.ts).
 *
 * Two kinds of call: those that describe (the microsite, its pages) answer for anyone and say the
 * caller's `access`, so the client can send a guest to login or a wrong type to the permissions
 * page before asking for more; those that carry content (modules, texts, articles, photos) answer
 * ECMS1002 (log in) or ECMS1003 (not your type) instead of the content, and ECMS1001 when the
 * microsite is switched off. Pages, articles and albums are named by their code within the
 * event; a code of another event, or an article or album the page does not link to, answers
 * ESYS0004 like a missing one.
 *
 * Texts come in the caller's language (header `lang`), falling back to the other language where
 * the organiser left one empty; the client asks again when the language changes.
 */
import { defineCall } from '../call'
import type { Access, MicrositeStyle, ModuleKind, PageKind, RichContent, RichFormat } from '../microsite'

/** the microsite as a whole: what the home and the guard need to know before any page */
export interface MicrositeView {
  eventCode: string
  eventHashCode: string
  /** false: switched off (or never set up): the client shows the "not enabled" tip */
  enabled: boolean
  titleZh: string
  titleEn: string
  /** spec §3 "microsite info" */
  permissionType: number
  someUserTypes: string[]
  /** what the microsite's own rule means for the caller */
  access: Access
}

/** the microsite of an event by its code: enabled, titles, rule and the caller's access */
export const getMicrositeByEventCode = defineCall<{ eventCode: string }, MicrositeView>({
  path: '/api/biz/cmsWebpage/getByEventCode',
  auth: 'optional',
})

/** the same by the event hash (spec §7: "body eventHashCode; reads permissionType, someUserTypes"); the guard's call */
export const getMicrositeAccess = defineCall<{ eventHashCode: string }, MicrositeView>({
  path: '/api/biz/cmsWebpage/getApi',
  auth: 'optional',
})

/** a page as the lists show it: no content */
export interface PageSummary {
  pageCode: string
  kind: PageKind
  style: MicrositeStyle
  titleZh: string
  titleEn: string
  /** the page's own rule; null: only the microsite's rule applies */
  permissionType: number | null
  someUserTypes: string[]
  /** the microsite's rule and the page's, for the caller */
  access: Access
}

export interface ListPagesRequest {
  eventCode: string
  /** only homes or only detail pages; absent: all */
  kind?: PageKind
}
/** the pages of the microsite, in the organiser's order (homes to pick one by style; a lock on tiles) */
export const listMicrositePages = defineCall<ListPagesRequest, PageSummary[]>({
  path: '/api/biz/cmsWebpagePage/list',
  auth: 'optional',
})

export interface PageRequest {
  eventCode: string
  pageCode: string
}
export interface PageView extends PageSummary {
  /** banner picture of the page; '' when there is none or the caller may not see the page */
  bannerUrl: string
}
/** one page's header (titles, style, banner) and the caller's access to it */
export const getMicrositePage = defineCall<PageRequest, PageView>({
  path: '/api/biz/cmsWebpagePage/get',
  auth: 'optional',
})

export interface ModuleView {
  moduleCode: string
  kind: ModuleKind
  /** picture of the tile (a path on this server or https); '' for none */
  icon: string
  /** tile colour, #rrggbb */
  color: string
  /**
   * what it opens: a pageCode (page), an articleCode (article), an atlasCode (album), an address
   * (link); '' for text
   */
  target: string
  /** link only: the organiser says the linked site may be shown inside the app (H5 iframe) */
  embeddable: boolean
  /** page only: the caller's access to the target page (a lock on the tile) */
  targetAccess: Access | null
}
/** the modules of a page in order (content: refused to a caller who may not see the page) */
export const listPageModules = defineCall<PageRequest, ModuleView[]>({
  path: '/api/biz/webpageModule/list',
  auth: 'optional',
})

export interface ModuleTextsRequest extends PageRequest {
  format: RichFormat
}
export interface ModuleText {
  moduleCode: string
  /** the language these texts are in ('zh' or 'en': the caller's, unless that one was left empty) */
  lang: 'zh' | 'en'
  title: string
  subtitle: string
  /** text modules: their sanitised rich text; others: null */
  content: RichContent | null
}
/** the texts of a page's modules in the caller's language (content: refused like the modules) */
export const listModuleTexts = defineCall<ModuleTextsRequest, ModuleText[]>({
  path: '/api/biz/webpageModuleLang/list',
  auth: 'optional',
})

/** an article is read through the page that links to it: the page decides who may read it */
export interface ArticleRequest {
  eventCode: string
  pageCode: string
  articleCode: string
}
export interface ArticleView {
  articleCode: string
  titleZh: string
  titleEn: string
  summaryZh: string
  summaryEn: string
  coverUrl: string
  /** ISO 8601 with offset */
  publishedAt: string
}
/** an article's card: titles, summary, cover, date (content: refused like the modules) */
export const getArticle = defineCall<ArticleRequest, ArticleView>({
  path: '/api/biz/cmsArticle/getApi',
  auth: 'optional',
})

export interface ArticleContentRequest extends ArticleRequest {
  format: RichFormat
}
export interface ArticleContent {
  articleCode: string
  lang: 'zh' | 'en'
  /** sanitised when it was saved, and again by the client before it is shown */
  content: RichContent
}
/** an article's body in the caller's language */
export const getArticleContent = defineCall<ArticleContentRequest, ArticleContent>({
  path: '/api/biz/cmsArticle/getArticleContent',
  auth: 'optional',
})

export interface AlbumPageRequest {
  eventCode: string
  pageCode: string
  atlasCode: string
  /** from 1 */
  pageNo: number
  /** 1 to 50 */
  pageSize: number
}
export interface Photo {
  /** for phones: about 720 px wide, what the album shows */
  url: string
  /** about 360 px wide: the grid's thumbnail */
  thumbUrl: string
  width: number
  height: number
  captionZh: string
  captionEn: string
}
export interface AlbumPage {
  atlasCode: string
  titleZh: string
  titleEn: string
  total: number
  pageNo: number
  pageSize: number
  list: Photo[]
}
/** one page of a photo album (spec §7 cms/atlasDetail/page) */
export const pageAlbumPhotos = defineCall<AlbumPageRequest, AlbumPage>({
  path: '/api/cms/atlasDetail/page',
  auth: 'optional',
})
