/**
 * The microsite calls (contracts/calls/microsite.ts). Who may see what is one rule,
 * accessOf() in contracts/microsite.ts, applied to the microsite's rule (on the event) and the
 * page's: the describing calls answer the caller's `access`, the content calls refuse with
 * ECMS1002/ECMS1003 before anything is read. A closed microsite (or a closed event) shows nothing.
 */
import type {
  AlbumPage,
  AlbumPageRequest,
  ArticleContent,
  ArticleContentRequest,
  ArticleRequest,
  ArticleView,
  ListPagesRequest,
  MicrositeView,
  ModuleText,
  ModuleTextsRequest,
  ModuleView,
  PageRequest,
  PageSummary,
  PageView,
} from '@contracts/calls/microsite'
import type { Lang } from '@contracts/messages'
import { accessOf, type Access, type AccessRule, type MicrositeStyle, type ModuleKind, type PageKind, type Viewer } from '@contracts/microsite'
import type { Queryable } from '../kernel/db/client'
import type { Deps } from '../deps'
import { richContentOf } from './rules/rich-text'
import { toShanghaiIso } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import {
  findArticle,
  findAtlas,
  findPage,
  findWebpage,
  listModuleLangs,
  listModules,
  listPages as listPageRows,
  pageLinksTo,
  pagePhotos,
  type ModuleLangRow,
  type PageRow,
  type WebpageRow,
} from './repositories/microsite'
import { requireEventByCode, requireEventByHash, type EventRow } from '../events/events'
import type { SessionInfo } from '../auth/sessions'

type Db = Pick<Deps, 'db'>

/** a login counts for the event it was issued for only (the client drops it on an event switch too) */
export function viewerOf(session: SessionInfo | null, event: EventRow): Viewer {
  if (!session || session.event.id !== event.id) return { userType: null }
  return { userType: session.attendee?.userType ?? 'attendee' }
}

const siteRule = (e: EventRow): AccessRule => ({ permissionType: e.permissionType, someUserTypes: e.someUserTypes })
const pageRules = (e: EventRow, p: PageRow): AccessRule[] =>
  p.permissionType === null ? [siteRule(e)] : [siteRule(e), { permissionType: p.permissionType, someUserTypes: p.someUserTypes }]

const isOpen = (e: EventRow, w: WebpageRow | undefined): w is WebpageRow => !!w && w.enabled && e.enabled

function toMicrositeView(e: EventRow, w: WebpageRow | undefined, viewer: Viewer): MicrositeView {
  return {
    eventCode: e.eventCode,
    eventHashCode: e.eventHashCode,
    enabled: isOpen(e, w),
    titleZh: w?.titleZh ?? e.titleZh,
    titleEn: w?.titleEn ?? e.titleEn,
    permissionType: e.permissionType,
    someUserTypes: e.someUserTypes,
    access: accessOf([siteRule(e)], viewer),
  }
}

export async function micrositeByCode({ db }: Db, session: SessionInfo | null, eventCode: string): Promise<MicrositeView> {
  const e = await requireEventByCode(db, eventCode)
  return toMicrositeView(e, await findWebpage(db, e.id), viewerOf(session, e))
}

export async function micrositeByHash({ db }: Db, session: SessionInfo | null, eventHashCode: string): Promise<MicrositeView> {
  const e = await requireEventByHash(db, eventHashCode)
  return toMicrositeView(e, await findWebpage(db, e.id), viewerOf(session, e))
}

/** the event and its open microsite, or ECMS1001 */
async function openSite(q: Queryable, eventCode: string): Promise<{ event: EventRow; webpage: WebpageRow }> {
  const event = await requireEventByCode(q, eventCode)
  const webpage = await findWebpage(q, event.id)
  if (!isOpen(event, webpage)) throw new AppError('ECMS1001')
  return { event, webpage }
}

function toPageSummary(e: EventRow, p: PageRow, viewer: Viewer): PageSummary {
  return {
    pageCode: p.pageCode,
    kind: p.kind as PageKind,
    style: p.style as MicrositeStyle,
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    permissionType: p.permissionType,
    someUserTypes: p.permissionType === null ? [] : p.someUserTypes,
    access: accessOf(pageRules(e, p), viewer),
  }
}

export async function listPages({ db }: Db, session: SessionInfo | null, req: ListPagesRequest): Promise<PageSummary[]> {
  const { event, webpage } = await openSite(db, req.eventCode)
  const viewer = viewerOf(session, event)
  return (await listPageRows(db, webpage.id, req.kind)).map((p) => toPageSummary(event, p, viewer))
}

async function requirePage(q: Queryable, eventId: number, pageCode: string): Promise<PageRow> {
  const page = await findPage(q, eventId, pageCode)
  if (!page) throw new AppError('ESYS0004')
  return page
}

export async function getPage({ db }: Db, session: SessionInfo | null, req: PageRequest): Promise<PageView> {
  const { event } = await openSite(db, req.eventCode)
  const page = await requirePage(db, event.id, req.pageCode)
  const summary = toPageSummary(event, page, viewerOf(session, event))
  return { ...summary, bannerUrl: summary.access === 'allow' ? page.bannerUrl : '' }
}

const REFUSAL: Record<Exclude<Access, 'allow'>, 'ECMS1002' | 'ECMS1003'> = { login: 'ECMS1002', forbidden: 'ECMS1003' }

/** the page, once the caller may see it: what every content call starts with */
async function visiblePage(q: Queryable, session: SessionInfo | null, eventCode: string, pageCode: string) {
  const { event } = await openSite(q, eventCode)
  const page = await requirePage(q, event.id, pageCode)
  const viewer = viewerOf(session, event)
  const access = accessOf(pageRules(event, page), viewer)
  if (access !== 'allow') throw new AppError(REFUSAL[access])
  return { event, page, viewer }
}

export async function pageModules({ db }: Db, session: SessionInfo | null, req: PageRequest): Promise<ModuleView[]> {
  const { event, page, viewer } = await visiblePage(db, session, req.eventCode, req.pageCode)
  const modules = await listModules(db, page.id)
  // a lock on tiles that open a page the caller may not see: one read of the site's pages, not one per tile
  const targets = modules.some((m) => m.kind === 'page') ? await listPageRows(db, page.webpageId) : []
  const accessByCode = new Map(targets.map((p) => [p.pageCode, accessOf(pageRules(event, p), viewer)]))
  return modules.map((m) => ({
    moduleCode: m.moduleCode,
    kind: m.kind as ModuleKind,
    icon: m.icon,
    color: m.color,
    target: m.target,
    embeddable: m.kind === 'link' && m.embeddable,
    targetAccess: m.kind === 'page' ? (accessByCode.get(m.target) ?? null) : null,
  }))
}

const otherLang = (l: Lang): Lang => (l === 'zh' ? 'en' : 'zh')

/** the row in the caller's language, or the other one where the organiser left it out */
function inLanguage(rows: ModuleLangRow[], lang: Lang): ModuleLangRow[] {
  const byModule = new Map<number, ModuleLangRow[]>()
  for (const r of rows) byModule.set(r.moduleId, [...(byModule.get(r.moduleId) ?? []), r])
  return [...byModule.values()].map((rs) => rs.find((r) => r.lang === lang && r.title) ?? rs.find((r) => r.lang === otherLang(lang)) ?? rs[0])
}

export async function moduleTexts({ db }: Db, session: SessionInfo | null, req: ModuleTextsRequest, lang: Lang): Promise<ModuleText[]> {
  const { page } = await visiblePage(db, session, req.eventCode, req.pageCode)
  return inLanguage(await listModuleLangs(db, page.id), lang).map((r) => ({
    moduleCode: r.moduleCode,
    lang: r.lang as Lang,
    title: r.title,
    subtitle: r.subtitle,
    content: r.contentHtml ? richContentOf(r.contentHtml, req.format) : null,
  }))
}

/** an article the caller may read: in the event, and linked from a page the caller may see */
async function readableArticle(q: Queryable, session: SessionInfo | null, req: ArticleRequest) {
  const { event, page } = await visiblePage(q, session, req.eventCode, req.pageCode)
  const article = await findArticle(q, event.id, req.articleCode)
  if (!article || !(await pageLinksTo(q, page.id, 'article', article.articleCode))) throw new AppError('ESYS0004')
  return article
}

export async function getArticle({ db }: Db, session: SessionInfo | null, req: ArticleRequest): Promise<ArticleView> {
  const a = await readableArticle(db, session, req)
  return {
    articleCode: a.articleCode,
    titleZh: a.titleZh,
    titleEn: a.titleEn,
    summaryZh: a.summaryZh,
    summaryEn: a.summaryEn,
    coverUrl: a.coverUrl,
    publishedAt: toShanghaiIso(a.publishedAt),
  }
}

export async function getArticleContent({ db }: Db, session: SessionInfo | null, req: ArticleContentRequest, lang: Lang): Promise<ArticleContent> {
  const a = await readableArticle(db, session, { eventCode: req.eventCode, pageCode: req.pageCode, articleCode: req.articleCode })
  const byLang = { zh: a.contentZh, en: a.contentEn }
  const shown: Lang = byLang[lang] ? lang : otherLang(lang)
  return { articleCode: a.articleCode, lang: shown, content: richContentOf(byLang[shown], req.format) }
}

export async function pageAlbum({ db }: Db, session: SessionInfo | null, req: AlbumPageRequest): Promise<AlbumPage> {
  const { event, page } = await visiblePage(db, session, req.eventCode, req.pageCode)
  const atlas = await findAtlas(db, event.id, req.atlasCode)
  if (!atlas || !(await pageLinksTo(db, page.id, 'album', atlas.atlasCode))) throw new AppError('ESYS0004')
  const { total, list } = await pagePhotos(db, atlas.id, (req.pageNo - 1) * req.pageSize, req.pageSize)
  return {
    atlasCode: atlas.atlasCode,
    titleZh: atlas.titleZh,
    titleEn: atlas.titleEn,
    total,
    pageNo: req.pageNo,
    pageSize: req.pageSize,
    list: list.map((p) => ({
      url: p.url,
      thumbUrl: p.thumbUrl || p.url,
      width: p.width,
      height: p.height,
      captionZh: p.captionZh,
      captionEn: p.captionEn,
    })),
  }
}
