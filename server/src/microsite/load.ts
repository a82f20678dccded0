/**
 * Loading an organiser's microsite file (microsite/rules/microsite-file.ts): checked first, then the
 * event's microsite is replaced in one transaction (the old one deleted, the new one written, the
 * microsite rule set on the event). A file that fails a check writes nothing; a failure half way
 * rolls everything back. Rich text is sanitised here, on its way into the database.
 */
import type { Deps } from '../deps'
import type { Tx } from '../kernel/db/client'
import { parseMicrositeFile, type MicrositeFileData } from './rules/microsite-file'
import { sanitizeRichHtml } from './rules/rich-text'
import { findEventByCode, updateMicrositeRule } from '../events/repositories/events'
import {
  deleteWebpage,
  findWebpage,
  insertArticles,
  insertAtlases,
  insertModuleLangs,
  insertModules,
  insertPages,
  insertPhotos,
  insertWebpage,
} from './repositories/microsite'

/** what the file got wrong, one line per issue (the command prints them) */
export class MicrositeFileError extends Error {
  constructor(readonly errors: string[]) {
    super(`the microsite file was not loaded:\n${errors.map((e) => `  - ${e}`).join('\n')}`)
    this.name = 'MicrositeFileError'
  }
}

export interface LoadSummary {
  eventCode: string
  /** an existing microsite was replaced */
  replaced: boolean
  pages: number
  modules: number
  articles: number
  albums: number
  photos: number
}

/** Checks `input` and replaces the microsite of `eventCode` with it; throws MicrositeFileError on a bad file. */
export async function loadMicrosite(
  deps: Pick<Deps, 'db' | 'now'> & Partial<Pick<Deps, 'eventCache'>>,
  eventCode: string,
  input: unknown,
): Promise<LoadSummary> {
  const parsed = parseMicrositeFile(input)
  if (!parsed.ok) throw new MicrositeFileError(parsed.errors)
  const now = deps.now()
  // the event row changes (its microsite rule): the server's cached copy goes once this commits
  const summary = await deps.db.transaction(async (tx) => {
    const event = await findEventByCode(tx, eventCode)
    if (!event) throw new MicrositeFileError([`there is no event with the code "${eventCode}"`])
    const replaced = !!(await findWebpage(tx, event.id))
    await writeMicrosite(tx, event.id, parsed.file, now)
    return { eventCode, replaced, ...countsOf(parsed.file) }
  })
  deps.eventCache?.clear()
  return summary
}

/** the seed: an event's microsite from a file, unless it has one (an organiser's replacement survives restarts) */
export async function loadMicrositeIfAbsent(deps: Pick<Deps, 'db' | 'now'>, eventCode: string, input: unknown): Promise<boolean> {
  const event = await findEventByCode(deps.db, eventCode)
  if (!event || (await findWebpage(deps.db, event.id))) return false
  await loadMicrosite(deps, eventCode, input)
  return true
}

function countsOf(f: MicrositeFileData): Omit<LoadSummary, 'eventCode' | 'replaced'> {
  return {
    pages: f.pages.length,
    modules: f.pages.reduce((n, p) => n + p.modules.length, 0),
    articles: f.articles.length,
    albums: f.albums.length,
    photos: f.albums.reduce((n, a) => n + a.photos.length, 0),
  }
}

/** writes a checked file in the caller's transaction: the command line's and the console's one way in */
export async function writeMicrosite(tx: Tx, eventId: number, f: MicrositeFileData, now: Date): Promise<void> {
  await deleteWebpage(tx, eventId)
  await updateMicrositeRule(tx, eventId, { permissionType: f.permissionType, someUserTypes: f.someUserTypes }, now)
  const webpageId = await insertWebpage(tx, { eventId, enabled: f.enabled, titleZh: f.titleZh, titleEn: f.titleEn, createdAt: now, updatedAt: now })

  const pages = await insertPages(
    tx,
    f.pages.map((p, i) => ({
      eventId,
      webpageId,
      pageCode: p.code,
      kind: p.kind,
      style: p.style,
      titleZh: p.titleZh,
      titleEn: p.titleEn,
      bannerUrl: p.banner,
      permissionType: p.permissionType ?? null,
      someUserTypes: p.permissionType === 4 ? p.someUserTypes : [],
      sort: i,
    })),
  )
  const pageId = new Map(pages.map((p) => [p.pageCode, p.id]))

  const modules = await insertModules(
    tx,
    f.pages.flatMap((p) =>
      p.modules.map((m, i) => ({
        eventId,
        pageId: pageId.get(p.code)!,
        moduleCode: m.code,
        sort: i,
        kind: m.kind,
        icon: m.icon,
        color: m.color,
        target: m.kind === 'text' ? '' : m.target,
        embeddable: m.kind === 'link' ? m.embeddable : false,
      })),
    ),
  )
  const moduleId = new Map(modules.map((m) => [`${m.pageId}/${m.moduleCode}`, m.id]))
  await insertModuleLangs(
    tx,
    f.pages.flatMap((p) =>
      p.modules.flatMap((m) =>
        (['zh', 'en'] as const).flatMap((lang) => {
          const t = m.texts[lang]
          if (!t) return []
          return [
            {
              moduleId: moduleId.get(`${pageId.get(p.code)}/${m.code}`)!,
              lang,
              title: t.title,
              subtitle: t.subtitle,
              contentHtml: m.kind === 'text' ? sanitizeRichHtml(t.html) : '',
            },
          ]
        }),
      ),
    ),
  )

  await insertArticles(
    tx,
    f.articles.map((a) => ({
      eventId,
      webpageId,
      articleCode: a.code,
      titleZh: a.titleZh,
      titleEn: a.titleEn,
      summaryZh: a.summaryZh,
      summaryEn: a.summaryEn,
      coverUrl: a.cover,
      contentZh: sanitizeRichHtml(a.contentZh),
      contentEn: sanitizeRichHtml(a.contentEn),
      publishedAt: new Date(a.publishedAt),
    })),
  )

  const atlases = await insertAtlases(
    tx,
    f.albums.map((a) => ({ eventId, webpageId, atlasCode: a.code, titleZh: a.titleZh, titleEn: a.titleEn })),
  )
  const atlasId = new Map(atlases.map((a) => [a.atlasCode, a.id]))
  await insertPhotos(
    tx,
    f.albums.flatMap((a) =>
      a.photos.map((p, i) => ({
        atlasId: atlasId.get(a.code)!,
        sort: i,
        url: p.url,
        thumbUrl: p.thumbUrl,
        width: p.width,
        height: p.height,
        captionZh: p.captionZh,
        captionEn: p.captionEn,
      })),
    ),
  )
}
