/**
 * A notice to a filtered set of an event's attendees ('messages.send'): the attendee list's
 * filter, a channel, a template in each language with a {name} placeholder; previewed (how many,
 * in which language) and then sent once per attendee through the jobs.
 */
import { defineCall } from '../call'
import type { AttendeeListRequest } from './attendees'

/** the attendee list's filter, as its page and its export take it */
export type AttendeeFilterRequest = Omit<AttendeeListRequest, 'page' | 'pageSize'>

/** 'own': each attendee's own contact, their mobile, else their e-mail */
export const NOTICE_CHANNELS = ['sms', 'email', 'own'] as const
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]

export interface NoticeDraft extends AttendeeFilterRequest {
  channel: NoticeChannel
  templateZh: string
  templateEn: string
}

export interface NoticePreview {
  /** the attendees the filter finds */
  matched: number
  /** of them, those the channel reaches, by the language they get */
  zh: number
  en: number
  /** of them, those with no contact on the channel: they get nothing */
  unreachable: number
  /** the name of one who gets each language, for the preview of its text ('' when none does) */
  sampleZh: string
  sampleEn: string
}

export interface SendNoticeRequest extends NoticeDraft {
  /** one per notice written in the console: the same key sent twice sends once */
  idempotencyKey: string
}

export interface SendNoticeResponse {
  noticeId: number
  /** messages queued (one per attendee reached) */
  queued: number
}

/** the template with the attendee's name in place of {name} */
export const fillTemplate = (template: string, name: string) => template.split('{name}').join(name)

export const previewNotice = defineCall<NoticeDraft, NoticePreview>({ path: '/api/admin/notices/preview', auth: 'staff' })
export const sendNotice = defineCall<SendNoticeRequest, SendNoticeResponse>({ path: '/api/admin/notices/send', auth: 'staff' })
