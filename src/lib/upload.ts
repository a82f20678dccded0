/**
 * The upload helper of spec §3/§7: a file and a tag to /api/obs/file/upload
 * (contracts/calls/register.ts uploadFile; the fields in the query string); resolves
 * `{ code: true, tag, file }` or `{ code: false, tag, message }` and never throws, so a form can
 * keep everything else as it is when an upload fails.
 *
 * H5 sends the bytes as the raw body through XMLHttpRequest, whose upload events give the
 * progress. The mini-program sends the picked file's temp path with wx.uploadFile (multipart, one
 * part): wx.request reports no upload progress, wx.uploadFile does (onProgressUpdate), and the
 * server takes either body with the same checks and answers. Progress stays below 100 until the
 * server has answered, which is when the file counts as uploaded.
 */
import Taro from '@tarojs/taro'
import type { Envelope } from '@contracts/envelope'
import { uploadFile, type UploadQuery, type UploadedFile } from '@contracts/calls/register'
import { appState } from '@/store'
import { currentLanguage, t } from './i18n'
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from './request'

export type UploadResult = { code: true; tag: string; file: UploadedFile } | { code: false; tag: string; message: string }

/** a file the person picked: its name, size, and its bytes (H5) or its temp path (mini-program) */
export type PickedFile = { name: string; size: number } & ({ bytes: ArrayBuffer } | { path: string })

const queryString = (q: UploadQuery) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')

function resultOf(tag: string, env: Envelope<UploadedFile> | null): UploadResult {
  if (env && !env.msgId && env.data) return { code: true, tag, file: env.data }
  return { code: false, tag, message: env?.msgText || t('register.upload.failure') }
}

function sendH5(url: string, bytes: ArrayBuffer, headers: Record<string, string>, onProgress: (p: number) => void): Promise<Envelope<UploadedFile> | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
    xhr.timeout = REQUEST_TIMEOUT_MS
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => {
      try {
        resolve(xhr.status >= 200 && xhr.status < 300 ? (JSON.parse(xhr.responseText) as Envelope<UploadedFile>) : null)
      } catch {
        resolve(null)
      }
    }
    xhr.onerror = () => resolve(null)
    xhr.ontimeout = () => resolve(null)
    xhr.send(bytes)
  })
}

/** WeChat's answer to wx.uploadFile is the body as text */
function envelopeOf(statusCode: number, data: unknown): Envelope<UploadedFile> | null {
  if (statusCode < 200 || statusCode >= 300) return null
  try {
    const env = typeof data === 'string' ? (JSON.parse(data) as unknown) : data
    return env && typeof env === 'object' ? (env as Envelope<UploadedFile>) : null
  } catch {
    return null
  }
}

async function sendWeapp(
  url: string,
  filePath: string,
  headers: Record<string, string>,
  onProgress: (p: number) => void,
): Promise<Envelope<UploadedFile> | null> {
  try {
    // multipart: WeChat sets the content type with its boundary itself
    const { 'content-type': _raw, ...header } = headers
    const task = Taro.uploadFile({ url, filePath, name: 'file', header, timeout: REQUEST_TIMEOUT_MS })
    task.progress((p) => onProgress(Math.max(0, Math.min(99, Math.round(p.progress)))))
    const res = await task
    return envelopeOf(res.statusCode, res.data)
  } catch {
    return null
  }
}

export async function uploadBytes(
  file: PickedFile,
  q: Omit<UploadQuery, 'name'>,
  onProgress: (percent: number) => void = () => undefined,
): Promise<UploadResult> {
  const url = `${API_BASE_URL}${uploadFile.path}?${queryString({ ...q, name: file.name })}`
  const headers = { 'content-type': 'application/octet-stream', authorization: appState().token ?? '', lang: currentLanguage() }
  onProgress(0)
  const env = 'bytes' in file ? await sendH5(url, file.bytes, headers, onProgress) : await sendWeapp(url, file.path, headers, onProgress)
  const r = resultOf(q.tag, env)
  if (r.code) onProgress(100)
  return r
}

/**
 * Lets the person pick one file (spec §5 "only one file can be uploaded"): an image for a photo,
 * any file of the accepted kinds for an attachment. null: they cancelled.
 */
export async function pickFile(kind: 'image' | 'file', extensions: string[]): Promise<PickedFile | null> {
  if (process.env.TARO_ENV === 'h5') {
    return new Promise((resolve) => {
      const input = document.createElement('input')
      input.type = 'file'
      input.accept = extensions.map((e) => `.${e}`).join(',')
      input.style.display = 'none'
      input.onchange = async () => {
        const f = input.files?.[0]
        input.remove()
        resolve(f ? { name: f.name, size: f.size, bytes: await f.arrayBuffer() } : null)
      }
      document.body.appendChild(input)
      input.click()
    })
  }
  try {
    const picked =
      kind === 'image'
        ? (await Taro.chooseImage({ count: 1, sizeType: ['compressed'] })).tempFiles[0]
        : (await Taro.chooseMessageFile({ count: 1, type: 'file', extension: extensions })).tempFiles[0]
    // the file's own name for a chosen file; an image has only its temp path's
    const name = ('name' in picked && typeof picked.name === 'string' && picked.name) || picked.path.split('/').pop() || 'file'
    return { name, size: picked.size, path: picked.path }
  } catch {
    return null
  }
}
