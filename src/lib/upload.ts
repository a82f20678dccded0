/**
 * The upload helper of spec §3/§7: a file's bytes as the raw body (not multipart, not JSON) and a
 * tag, to /api/obs/file/upload (contracts/calls/register.ts uploadFile); resolves
 * `{ code: true, tag, file }` or `{ code: false, tag, message }` and never throws, so a form can
 * keep everything else as it is when an upload fails.
 *
 * Progress: on H5 the request goes through XMLHttpRequest, whose upload events give real
 * progress; wx.request has no upload progress, so the mini-program reports 0 until the answer and
 * then 100 (wx.uploadFile has progress but sends multipart, which this helper's contract is not).
 */
import Taro from '@tarojs/taro'
import type { Envelope } from '@contracts/envelope'
import { uploadFile, type UploadQuery, type UploadedFile } from '@contracts/calls/register'
import { appState } from '@/store'
import { currentLanguage, t } from './i18n'
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from './request'

export type UploadResult = { code: true; tag: string; file: UploadedFile } | { code: false; tag: string; message: string }

/** a file the person picked: its name and bytes */
export interface PickedFile {
  name: string
  bytes: ArrayBuffer
}

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

async function sendWeapp(url: string, bytes: ArrayBuffer, headers: Record<string, string>): Promise<Envelope<UploadedFile> | null> {
  try {
    const res = await Taro.request<Envelope<UploadedFile>>({ url, method: 'POST', data: bytes, header: headers, timeout: REQUEST_TIMEOUT_MS, dataType: 'json' })
    return res.statusCode >= 200 && res.statusCode < 300 && res.data && typeof res.data === 'object' ? res.data : null
  } catch {
    return null
  }
}

export async function uploadBytes(file: PickedFile, q: Omit<UploadQuery, 'name'>, onProgress: (percent: number) => void = () => undefined): Promise<UploadResult> {
  const url = `${API_BASE_URL}${uploadFile.path}?${queryString({ ...q, name: file.name })}`
  const headers = { 'content-type': 'application/octet-stream', authorization: appState().token ?? '', lang: currentLanguage() }
  onProgress(0)
  const env = process.env.TARO_ENV === 'h5' ? await sendH5(url, file.bytes, headers, onProgress) : await sendWeapp(url, file.bytes, headers)
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
        resolve(f ? { name: f.name, bytes: await f.arrayBuffer() } : null)
      }
      document.body.appendChild(input)
      input.click()
    })
  }
  try {
    const path =
      kind === 'image'
        ? (await Taro.chooseImage({ count: 1, sizeType: ['compressed'] })).tempFilePaths[0]
        : (await Taro.chooseMessageFile({ count: 1, type: 'file', extension: extensions })).tempFiles[0].path
    const name = path.split('/').pop() ?? 'file'
    const bytes = (await new Promise<ArrayBuffer>((resolve, reject) =>
      Taro.getFileSystemManager().readFile({ filePath: path, success: (r) => resolve(r.data as ArrayBuffer), fail: reject }),
    )) as ArrayBuffer
    return { name, bytes }
  } catch {
    return null
  }
}
