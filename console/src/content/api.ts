/** The console's content calls: the form with its agenda and the microsite as JSON, and the microsite's pictures. */
import {
  checkAdminContent,
  getAdminContent,
  listAdminSitePictures,
  publishAdminContent,
  uploadAdminSitePicture,
  type ContentKind,
} from '@contracts/admin/content'
import { call } from '../lib/request'

export const fetchContent = (eventCode: string, kind: ContentKind) => call(getAdminContent, { eventCode, kind })
export const checkDraft = (eventCode: string, kind: ContentKind, text: string) => call(checkAdminContent, { eventCode, kind, text })
export const publishDraft = (eventCode: string, kind: ContentKind, text: string) => call(publishAdminContent, { eventCode, kind, text })
export const fetchPictures = (eventCode: string) => call(listAdminSitePictures, { eventCode })
export const uploadPicture = (eventCode: string, dataBase64: string) => call(uploadAdminSitePicture, { eventCode, dataBase64 })
