/**
 * The console's content calls: an event's registration form with its agenda, and its microsite,
 * read, checked and published as the JSON their files use (`npm run register:load`, `npm run
 * microsite:load`), and the microsite's pictures uploaded into the file storage.
 */
import { defineCall } from '../call'
import type { FormConfig } from '../register-form'

export const CONTENT_KINDS = ['form', 'microsite'] as const
/** form: the registration form and its agenda; microsite: the microsite */
export type ContentKind = (typeof CONTENT_KINDS)[number]

/** one thing wrong with a draft: where in the JSON (keys and indexes; [] the whole), and what, in the caller's language */
export interface ContentProblem {
  path: Array<string | number>
  message: string
}

export interface ContentSource {
  kind: ContentKind
  /** the published content as its file's JSON, indented; '' when the event has none yet */
  text: string
  /** the event's IANA time zone: the preview shows the agenda's times there */
  timeZone: string
}

/** an agenda item as the attendee sees it; times ISO 8601 with their offset, as the file has them */
export interface AgendaPreviewItem {
  code: string
  startTime: string
  endTime: string
  titleZh: string
  titleEn: string
  venueZh: string
  venueEn: string
  signupOpen: boolean
  capacity: number | null
}

export interface ModulePreviewText {
  title: string
  subtitle: string
  /** sanitised as the attendee app receives it */
  html: string
}
export interface MicrositePreviewPage {
  code: string
  kind: string
  titleZh: string
  titleEn: string
  banner: string
  modules: Array<{ code: string; kind: string; target: string; zh: ModulePreviewText | null; en: ModulePreviewText | null }>
}
export interface MicrositePreview {
  enabled: boolean
  titleZh: string
  titleEn: string
  pages: MicrositePreviewPage[]
  /** contents sanitised as the attendee app receives them */
  articles: Array<{ code: string; titleZh: string; titleEn: string; contentZh: string; contentEn: string }>
  albums: Array<{ code: string; titleZh: string; titleEn: string; photos: number }>
}

export type ContentPreview = { kind: 'form'; form: FormConfig; agenda: AgendaPreviewItem[]; timeZone: string } | { kind: 'microsite'; site: MicrositePreview }

/** a draft's problems (none: it can be published) and, when it has none, what the attendee would see */
export interface ContentCheck {
  problems: ContentProblem[]
  preview: ContentPreview | null
}
export interface ContentPublish extends ContentCheck {
  /** false: the draft had problems and nothing was written */
  published: boolean
}

export interface ContentDraft {
  eventCode: string
  kind: ContentKind
  /** the JSON as typed */
  text: string
}

/** a picture uploaded for the microsite */
export interface SitePicture {
  /** its address, to copy into the microsite's JSON */
  url: string
  bytes: number
  width: number
  height: number
  /** ISO 8601 (UTC) */
  uploadedAt: string
}

export const getAdminContent = defineCall<{ eventCode: string; kind: ContentKind }, ContentSource>({ path: '/api/admin/content/get', auth: 'staff' })
export const checkAdminContent = defineCall<ContentDraft, ContentCheck>({ path: '/api/admin/content/check', auth: 'staff' })
/** checks the draft again and, with no problem, writes it in one transaction */
export const publishAdminContent = defineCall<ContentDraft, ContentPublish>({ path: '/api/admin/content/publish', auth: 'staff' })
export const uploadAdminSitePicture = defineCall<{ eventCode: string; dataBase64: string }, SitePicture>({
  path: '/api/admin/content/pictures/upload',
  auth: 'staff',
})
/** the event's uploaded pictures, newest first */
export const listAdminSitePictures = defineCall<{ eventCode: string }, SitePicture[]>({ path: '/api/admin/content/pictures/list', auth: 'staff' })
