/** Server messages of the upload route: its multipart body (the mini-program's wx.uploadFile), its byte quotas. */
import type { Lang } from './messages'

export const UPLOAD_MESSAGES = {
  EREG2207: { zh: '没有收到文件，请重新选择文件上传', en: 'No file arrived: please choose the file again' },
  /** {mb}: the quota that was reached (per address, draft or user, an hour); {minutes}: until it starts again */
  EREG2208: {
    zh: '上传文件总量已达每小时{mb}MB的上限，请{minutes}分钟后再试',
    en: 'You have reached the upload limit of {mb} MB an hour: please try again in {minutes} minutes',
  },
} as const satisfies Record<string, Record<Lang, string>>
