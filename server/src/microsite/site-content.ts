/**
 * The microsite as the console edits it: the same JSON as `npm run microsite:load` reads
 * (microsite/rules/microsite-file.ts), read back from what is published, checked, previewed with
 * its rich text sanitised as the attendee app receives it, and written by the loader's own writer
 * (microsite/load.ts writeMicrosite).
 */
import type { ContentPreview, ModulePreviewText } from '@contracts/admin/content'
import type { Queryable } from '../kernel/db/client'
import type { EventRow } from '../events/repositories/events'
import { toZoneIso } from '../kernel/time/time'
import { digestOf } from '../content/draft'
import type { ContentHandler } from '../content/handler'
import { findWebpage } from './repositories/microsite'
import { readMicrositeRows } from './repositories/microsite-source'
import { checkMicrositeFile, type MicrositeFileData } from './rules/microsite-file'
import { sanitizeRichHtml } from './rules/rich-text'
import { writeMicrosite } from './load'

/** the published microsite as a file, or null when the event has none */
async function read(q: Queryable, event: EventRow): Promise<Record<string, unknown> | null> {
  const site = await findWebpage(q, event.id)
  if (!site) return null
  const { pages, modules, langs, articles, atlases, photos } = await readMicrositeRows(q, site.id)
  const textOf = (moduleId: number, lang: 'zh' | 'en') => {
    const l = langs.find((x) => x.moduleId === moduleId && x.lang === lang)
    return l ? { title: l.title, subtitle: l.subtitle, html: l.contentHtml } : undefined
  }
  return {
    version: 1,
    enabled: site.enabled,
    titleZh: site.titleZh,
    titleEn: site.titleEn,
    permissionType: event.permissionType,
    someUserTypes: event.someUserTypes,
    pages: pages.map((p) => ({
      code: p.pageCode,
      kind: p.kind,
      style: p.style,
      titleZh: p.titleZh,
      titleEn: p.titleEn,
      banner: p.bannerUrl,
      ...(p.permissionType === null ? {} : { permissionType: p.permissionType }),
      someUserTypes: p.someUserTypes,
      modules: modules
        .filter((m) => m.pageId === p.id)
        .map((m) => ({
          code: m.moduleCode,
          kind: m.kind,
          icon: m.icon,
          color: m.color,
          ...(m.kind === 'text' ? {} : { target: m.target }),
          ...(m.kind === 'link' ? { embeddable: m.embeddable } : {}),
          texts: { zh: textOf(m.id, 'zh'), en: textOf(m.id, 'en') },
        })),
    })),
    articles: articles.map((a) => ({
      code: a.articleCode,
      titleZh: a.titleZh,
      titleEn: a.titleEn,
      summaryZh: a.summaryZh,
      summaryEn: a.summaryEn,
      cover: a.coverUrl,
      publishedAt: toZoneIso(a.publishedAt, event.timeZone),
      contentZh: a.contentZh,
      contentEn: a.contentEn,
    })),
    albums: atlases.map((a) => ({
      code: a.atlasCode,
      titleZh: a.titleZh,
      titleEn: a.titleEn,
      photos: photos
        .filter((p) => p.atlasId === a.id)
        .map((p) => ({ url: p.url, thumbUrl: p.thumbUrl, width: p.width, height: p.height, captionZh: p.captionZh, captionEn: p.captionEn })),
    })),
  }
}

const previewText = (t: { title: string; subtitle: string; html: string } | undefined): ModulePreviewText | null =>
  t ? { title: t.title, subtitle: t.subtitle, html: sanitizeRichHtml(t.html) } : null

function preview(f: MicrositeFileData): ContentPreview {
  return {
    kind: 'microsite',
    site: {
      enabled: f.enabled,
      titleZh: f.titleZh,
      titleEn: f.titleEn,
      pages: f.pages.map((p) => ({
        code: p.code,
        kind: p.kind,
        titleZh: p.titleZh,
        titleEn: p.titleEn,
        banner: p.banner,
        modules: p.modules.map((m) => ({
          code: m.code,
          kind: m.kind,
          target: m.kind === 'text' ? '' : m.target,
          zh: previewText(m.texts.zh),
          en: previewText(m.texts.en),
        })),
      })),
      articles: f.articles.map((a) => ({
        code: a.code,
        titleZh: a.titleZh,
        titleEn: a.titleEn,
        contentZh: sanitizeRichHtml(a.contentZh),
        contentEn: sanitizeRichHtml(a.contentEn),
      })),
      albums: f.albums.map((a) => ({ code: a.code, titleZh: a.titleZh, titleEn: a.titleEn, photos: a.photos.length })),
    },
  }
}

/** what the audit row keeps of a microsite: titles, page and module codes, counts and a digest of the whole */
function summary(f: MicrositeFileData): Record<string, unknown> {
  return {
    title: `${f.titleZh} / ${f.titleEn}`,
    enabled: f.enabled,
    permissionType: f.permissionType,
    pages: f.pages.map((p) => `${p.code}: ${p.modules.map((m) => m.code).join(', ')}`).join('; '),
    articles: f.articles.map((a) => a.code).join(', '),
    albums: f.albums.map((a) => `${a.code} (${a.photos.length})`).join(', '),
    digest: digestOf(f),
  }
}

export const MICROSITE_CONTENT: ContentHandler<MicrositeFileData> = {
  action: 'content.microsite.publish',
  read,
  check: (input, lang) => checkMicrositeFile(input, lang),
  preview,
  write: (tx, event, data, now) => writeMicrosite(tx, event.id, data, now),
  summary,
}
