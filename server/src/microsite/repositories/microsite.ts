/** The microsite tables: reads by code within one event, and the whole-site replace of the loader. */
import { and, asc, count, eq, type InferInsertModel } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { cmsArticles, cmsAtlasPhotos, cmsAtlases, cmsWebpagePages, cmsWebpages, webpageModuleLangs, webpageModules } from '../../kernel/db/schema'

export type WebpageRow = typeof cmsWebpages.$inferSelect
export type PageRow = typeof cmsWebpagePages.$inferSelect
export type ModuleRow = typeof webpageModules.$inferSelect
export type ModuleLangRow = typeof webpageModuleLangs.$inferSelect & { moduleCode: string }
export type ArticleRow = typeof cmsArticles.$inferSelect
export type AtlasRow = typeof cmsAtlases.$inferSelect
export type PhotoRow = typeof cmsAtlasPhotos.$inferSelect

export async function findWebpage(q: Queryable, eventId: number): Promise<WebpageRow | undefined> {
  const [row] = await q.select().from(cmsWebpages).where(eq(cmsWebpages.eventId, eventId))
  return row
}

/** switches an event's microsite on or off; false when the event has none */
export async function setWebpageEnabled(q: Queryable, eventId: number, enabled: boolean, now: Date): Promise<boolean> {
  const rows = await q.update(cmsWebpages).set({ enabled, updatedAt: now }).where(eq(cmsWebpages.eventId, eventId)).returning({ id: cmsWebpages.id })
  return rows.length > 0
}

export function listPages(q: Queryable, webpageId: number, kind?: string): Promise<PageRow[]> {
  const where = kind ? and(eq(cmsWebpagePages.webpageId, webpageId), eq(cmsWebpagePages.kind, kind)) : eq(cmsWebpagePages.webpageId, webpageId)
  return q.select().from(cmsWebpagePages).where(where).orderBy(asc(cmsWebpagePages.sort))
}

export async function findPage(q: Queryable, eventId: number, pageCode: string): Promise<PageRow | undefined> {
  const [row] = await q
    .select()
    .from(cmsWebpagePages)
    .where(and(eq(cmsWebpagePages.eventId, eventId), eq(cmsWebpagePages.pageCode, pageCode)))
  return row
}

export function listModules(q: Queryable, pageId: number): Promise<ModuleRow[]> {
  return q.select().from(webpageModules).where(eq(webpageModules.pageId, pageId)).orderBy(asc(webpageModules.sort))
}

export async function listModuleLangs(q: Queryable, pageId: number): Promise<ModuleLangRow[]> {
  const rows = await q
    .select({ l: webpageModuleLangs, moduleCode: webpageModules.moduleCode })
    .from(webpageModuleLangs)
    .innerJoin(webpageModules, eq(webpageModules.id, webpageModuleLangs.moduleId))
    .where(eq(webpageModules.pageId, pageId))
    .orderBy(asc(webpageModules.sort))
  return rows.map((r) => ({ ...r.l, moduleCode: r.moduleCode }))
}

/** does a module of the page open `target` (an article or album code)? */
export async function pageLinksTo(q: Queryable, pageId: number, kind: 'article' | 'album', target: string): Promise<boolean> {
  const [row] = await q
    .select({ id: webpageModules.id })
    .from(webpageModules)
    .where(and(eq(webpageModules.pageId, pageId), eq(webpageModules.kind, kind), eq(webpageModules.target, target)))
    .limit(1)
  return !!row
}

export async function findArticle(q: Queryable, eventId: number, articleCode: string): Promise<ArticleRow | undefined> {
  const [row] = await q
    .select()
    .from(cmsArticles)
    .where(and(eq(cmsArticles.eventId, eventId), eq(cmsArticles.articleCode, articleCode)))
  return row
}

export async function findAtlas(q: Queryable, eventId: number, atlasCode: string): Promise<AtlasRow | undefined> {
  const [row] = await q
    .select()
    .from(cmsAtlases)
    .where(and(eq(cmsAtlases.eventId, eventId), eq(cmsAtlases.atlasCode, atlasCode)))
  return row
}

export async function pagePhotos(q: Queryable, atlasId: number, offset: number, limit: number): Promise<{ total: number; list: PhotoRow[] }> {
  const [{ n }] = await q.select({ n: count() }).from(cmsAtlasPhotos).where(eq(cmsAtlasPhotos.atlasId, atlasId))
  const list = await q
    .select()
    .from(cmsAtlasPhotos)
    .where(eq(cmsAtlasPhotos.atlasId, atlasId))
    .orderBy(asc(cmsAtlasPhotos.sort), asc(cmsAtlasPhotos.id))
    .offset(offset)
    .limit(limit)
  return { total: Number(n), list }
}

// ---- writing: the loader replaces a whole microsite inside one transaction ----

/** deletes an event's microsite; every table below cms_webpages goes with it (ON DELETE CASCADE) */
export async function deleteWebpage(q: Queryable, eventId: number): Promise<void> {
  await q.delete(cmsWebpages).where(eq(cmsWebpages.eventId, eventId))
}

export async function insertWebpage(q: Queryable, row: InferInsertModel<typeof cmsWebpages>): Promise<number> {
  const [r] = await q.insert(cmsWebpages).values(row).returning({ id: cmsWebpages.id })
  return r.id
}

// ids come back with the codes they belong to: RETURNING is not promised to keep the VALUES order
export async function insertPages(q: Queryable, rows: InferInsertModel<typeof cmsWebpagePages>[]): Promise<Array<{ id: number; pageCode: string }>> {
  if (rows.length === 0) return []
  return q.insert(cmsWebpagePages).values(rows).returning({ id: cmsWebpagePages.id, pageCode: cmsWebpagePages.pageCode })
}

export async function insertModules(
  q: Queryable,
  rows: InferInsertModel<typeof webpageModules>[],
): Promise<Array<{ id: number; pageId: number; moduleCode: string }>> {
  if (rows.length === 0) return []
  return q.insert(webpageModules).values(rows).returning({ id: webpageModules.id, pageId: webpageModules.pageId, moduleCode: webpageModules.moduleCode })
}

export async function insertAtlases(q: Queryable, rows: InferInsertModel<typeof cmsAtlases>[]): Promise<Array<{ id: number; atlasCode: string }>> {
  if (rows.length === 0) return []
  return q.insert(cmsAtlases).values(rows).returning({ id: cmsAtlases.id, atlasCode: cmsAtlases.atlasCode })
}

export async function insertModuleLangs(q: Queryable, rows: InferInsertModel<typeof webpageModuleLangs>[]): Promise<void> {
  if (rows.length) await q.insert(webpageModuleLangs).values(rows)
}

export async function insertArticles(q: Queryable, rows: InferInsertModel<typeof cmsArticles>[]): Promise<void> {
  if (rows.length) await q.insert(cmsArticles).values(rows)
}

export async function insertPhotos(q: Queryable, rows: InferInsertModel<typeof cmsAtlasPhotos>[]): Promise<void> {
  if (rows.length) await q.insert(cmsAtlasPhotos).values(rows)
}
