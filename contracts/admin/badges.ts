/**
 * Print-ready badges in the organisers' console ('badge.print'): one page per attendee of the
 * attendee list as filtered, approved and not disabled, with their attendance code as a QR. The
 * PDF travels base64 inside the JSON call, as the attendee export's file does.
 */
import { defineCall } from '../call'
import type { AttendeeListRequest } from './attendees'
import type { BadgeSize } from './badge-rules'

export type BadgeFilter = Pick<AttendeeListRequest, 'eventCode' | 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'>

export type BadgeRequest = BadgeFilter & { size: BadgeSize }

export interface BadgeCount {
  /** badges the filter gives: its approved attendees who are not disabled */
  count: number
  /** the most one PDF holds */
  max: number
}

export interface BadgeFile {
  fileName: string
  /** application/pdf */
  contentType: string
  /** the PDF's bytes, base64 */
  content: string
  /** badges (pages) in it */
  count: number
}

export const countBadges = defineCall<BadgeFilter, BadgeCount>({ path: '/api/admin/badges/count', auth: 'staff' })
export const printBadges = defineCall<BadgeRequest, BadgeFile>({ path: '/api/admin/badges/print', auth: 'staff' })
