/**
 * The message log of an event in the organisers' console: every SMS, e-mail and WeChat
 * subscription message sent to its attendees, with its delivery state ('messages.read').
 */
import { defineCall } from '../call'

export const MESSAGE_CHANNELS = ['sms', 'email', 'wechat'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]
export const MESSAGE_STATES = ['queued', 'sent', 'failed'] as const
export type MessageState = (typeof MESSAGE_STATES)[number]

/** the numbers of the log's page, read by both sides */
export const MESSAGE_LOG_RULES = {
  maxPageSize: 100,
  /** the recipient searched for, in characters */
  searchMaxLength: 64,
} as const

export interface MessageLogRequest {
  eventCode: string
  /** '' for every channel */
  channel: MessageChannel | ''
  /** '' for every state */
  state: MessageState | ''
  /** part of a mobile, e-mail address or openid; '' for all */
  recipient: string
  /** 1-based */
  page: number
  pageSize: number
}

export interface MessageLogItem {
  id: number
  channel: MessageChannel
  /** masked: 138****8000, a***@x.com */
  recipient: string
  /** the attendee's name, when the message was to an attendee the server knew; '' otherwise */
  attendeeName: string
  /** 'login.code', 'register.notice', 'train.sms', 'wechat.subscribeMessage', 'notice.send' … */
  kind: string
  lang: 'zh' | 'en' | null
  state: MessageState
  /** the provider's reason of the last failed attempt ('' when none) */
  reason: string
  attempts: number
  /** ISO 8601 (UTC) */
  createdAt: string
  updatedAt: string
  sentAt: string | null
  noticeId: number | null
}

export interface MessageLogPage {
  total: number
  list: MessageLogItem[]
}

export const listMessageLog = defineCall<MessageLogRequest, MessageLogPage>({ path: '/api/admin/messages/log', auth: 'staff' })
