/** An event's whole microsite read back, in the loader's order, for the console's editor. */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { cmsArticles, cmsAtlasPhotos, cmsAtlases, cmsWebpagePages, webpageModuleLangs, webpageModules } from '../../kernel/db/schema'

export async function readMicrositeRows(q: Queryable, webpageId: number) {
  const pages = await q.select().from(cmsWebpagePages).where(eq(cmsWebpagePages.webpageId, webpageId)).orderBy(asc(cmsWebpagePages.sort))
  const pageIds = pages.map((p) => p.id)
  const modules = pageIds.length ? await q.select().from(webpageModules).where(inArray(webpageModules.pageId, pageIds)).orderBy(asc(webpageModules.sort)) : []
  const moduleIds = modules.map((m) => m.id)
  const langs = moduleIds.length ? await q.select().from(webpageModuleLangs).where(inArray(webpageModuleLangs.moduleId, moduleIds)) : []
  const articles = await q.select().from(cmsArticles).where(eq(cmsArticles.webpageId, webpageId)).orderBy(asc(cmsArticles.id))
  const atlases = await q.select().from(cmsAtlases).where(eq(cmsAtlases.webpageId, webpageId)).orderBy(asc(cmsAtlases.id))
  const atlasIds = atlases.map((a) => a.id)
  const photos = atlasIds.length ? await q.select().from(cmsAtlasPhotos).where(inArray(cmsAtlasPhotos.atlasId, atlasIds)).orderBy(asc(cmsAtlasPhotos.sort)) : []
  return { pages, modules, langs, articles, atlases, photos }
}
