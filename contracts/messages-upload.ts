/** Server messages of the upload route's multipart body (the mini-program's wx.uploadFile). */
import type { Lang } from './messages'

export const UPLOAD_MESSAGES = {
  EREG2207: { zh: '没有收到文件，请重新选择文件上传', en: 'No file arrived: please choose the file again' },
} as const satisfies Record<string, Record<Lang, string>>
