/* eslint-disable @typescript-eslint/no-explicit-any -- options and results are WeChat's loosely typed objects, passed to and from compiled code */
/**
 * wx's network: request goes to the test server, only for the registered request origin, any HTTP
 * status is a success (only the transport fails), the body is parsed as JSON when dataType is
 * json; chooseImage / chooseMedia / chooseMessageFile give the file the test queued as a temp file
 * (wxfile://tmp/…), which uploadFile sends to the test server as WeChat does (multipart, the file
 * under `name`, the answer's body as text), reporting progress in steps on the task's
 * onProgressUpdate.
 */
import { HARNESS_API_ORIGIN } from './paths'
import { answer, recordCall, type WxHost } from './wx-host'

/** the network APIs of one `wx`, sharing its temp files */
export function createNetwork(host: WxHost): Record<string, (o: any) => any> {
  const record = (api: string, args: any) => recordCall(host, api, args)

  const request = (opts: any) => {
    record('request', { url: opts?.url, method: opts?.method, data: opts?.data })
    const controller = new AbortController()
    const task = {
      abort: () => controller.abort(),
      onHeadersReceived: () => undefined,
      offHeadersReceived: () => undefined,
      onChunkReceived: () => undefined,
      offChunkReceived: () => undefined,
    }
    host.requestStarted()
    answer(host, 'request', opts, async () => {
      try {
        return await doRequest(host, opts ?? {}, controller.signal)
      } finally {
        host.requestEnded()
      }
    })
    return task
  }

  // ---- temp files (what chooseImage gives) and uploadFile
  const tempFiles = new Map<string, { name: string; bytes: Buffer }>()
  const pickFile = (api: string, o: any, withName: boolean) =>
    answer(host, api, o, () => {
      record(api, o)
      const f = host.answers.files.length ? host.answers.files.shift()! : null
      if (!f) throw new Error('cancel')
      const path = `wxfile://tmp_${tempFiles.size + 1}_${f.name.replace(/[^\w.]/g, '_')}`
      tempFiles.set(path, f)
      const file = { path, size: f.bytes.length, ...(withName ? { name: f.name, type: 'file', time: Math.floor(Date.now() / 1000) } : {}) }
      return withName ? { tempFiles: [file] } : { tempFilePaths: [path], tempFiles: [file] }
    })
  const uploadFile = (opts: any) => {
    record('uploadFile', { url: opts?.url, filePath: opts?.filePath, name: opts?.name, header: opts?.header, formData: opts?.formData })
    const progress = new Set<(r: any) => void>()
    const task = {
      abort: () => undefined,
      onProgressUpdate: (cb: (r: any) => void) => void progress.add(cb),
      offProgressUpdate: (cb: (r: any) => void) => void progress.delete(cb),
      onHeadersReceived: () => undefined,
      offHeadersReceived: () => undefined,
    }
    host.requestStarted()
    answer(host, 'uploadFile', opts, async () => {
      try {
        const file = tempFiles.get(String(opts?.filePath ?? ''))
        if (!file) throw new Error(`file not found: ${String(opts?.filePath)}`)
        // WeChat reports the bytes as they go: here in four steps, each on a later tick so the page draws them
        const total = file.bytes.length
        for (const part of [1, 2, 3, 4]) {
          await new Promise<void>((resolve) =>
            host.later(() => {
              for (const cb of progress) cb({ progress: part * 25, totalBytesSent: Math.round((total * part) / 4), totalBytesExpectedToSend: total })
              resolve()
            }, 30),
          )
        }
        return await doUpload(host, opts ?? {}, file)
      } finally {
        host.requestEnded()
      }
    })
    return task
  }

  return {
    request,
    uploadFile,
    chooseImage: (o: any) => pickFile('chooseImage', o, false),
    chooseMedia: (o: any) => pickFile('chooseMedia', o, false),
    chooseMessageFile: (o: any) => pickFile('chooseMessageFile', o, true),
  }
}

async function doRequest(host: WxHost, opts: any, signal: AbortSignal): Promise<any> {
  const url = String(opts.url ?? '')
  if (!url.startsWith(HARNESS_API_ORIGIN + '/')) {
    // WeChat: only https addresses of the registered request domains are allowed
    const why =
      url.startsWith('/') || !/^[a-z]+:\/\//i.test(url)
        ? 'invalid url (not absolute: is TARO_APP_API_BASE_URL empty?)'
        : `url not in domain list (only ${HARNESS_API_ORIGIN})`
    host.problem('request', `wx.request to "${url}": ${why}`)
    throw new Error(why)
  }
  const method = String(opts.method ?? 'GET').toUpperCase()
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(opts.header ?? {})) {
    // WeChat drops a Referer the page sets (it sends its own)
    if (k.toLowerCase() !== 'referer') headers[k] = String(v)
  }
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json'
  if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = contentType
  let target = host.apiOrigin + url.slice(HARNESS_API_ORIGIN.length)
  let body: string | undefined
  const data = opts.data
  if (method === 'GET') {
    if (data && typeof data === 'object') {
      const qs = Object.entries(data)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
        .join('&')
      if (qs) target += (target.includes('?') ? '&' : '?') + qs
    }
  } else if (data !== undefined) {
    if (typeof data === 'string') body = data
    else if (/x-www-form-urlencoded/i.test(contentType))
      body = new URLSearchParams(Object.entries(data).map(([k, v]): [string, string] => [k, String(v)])).toString()
    else body = JSON.stringify(data)
  }
  const timeout = Number(opts.timeout ?? 60000)
  const ctrl = new AbortController()
  const timer = setTimeout(() => ctrl.abort(), timeout)
  signal.addEventListener('abort', () => ctrl.abort())
  let res: Response
  try {
    res = await fetch(target, { method, headers, body, signal: ctrl.signal })
  } catch (e) {
    host.problem('request', `wx.request ${method} ${url}: ${(e as Error).message}`)
    throw new Error(ctrl.signal.aborted ? 'timeout' : (e as Error).message)
  } finally {
    clearTimeout(timer)
  }
  const text = await res.text()
  let parsed: unknown = text
  if ((opts.dataType ?? 'json') === 'json') {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  const header: Record<string, string> = {}
  res.headers.forEach((v, k) => (header[k] = v))
  if (res.status >= 400) host.problem('request', `wx.request ${method} ${url}: HTTP ${res.status}`)
  return { data: parsed, statusCode: res.status, header, cookies: [] }
}

/** wx.uploadFile as WeChat sends it: multipart/form-data, the file under `name`, formData beside it; the answer's body as text */
async function doUpload(host: WxHost, opts: any, file: { name: string; bytes: Buffer }): Promise<any> {
  const url = String(opts.url ?? '')
  if (!url.startsWith(HARNESS_API_ORIGIN + '/')) {
    host.problem('request', `wx.uploadFile to "${url}": url not in the uploadFile domain list (only ${HARNESS_API_ORIGIN})`)
    throw new Error('url not in domain list')
  }
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(opts.header ?? {})) {
    // WeChat makes the multipart content type (with its boundary) itself
    if (k.toLowerCase() === 'content-type') host.problem('request', `wx.uploadFile ${url}: a content-type header (${String(v)}) would break the multipart body`)
    else if (k.toLowerCase() !== 'referer') headers[k] = String(v)
  }
  const form = new FormData()
  for (const [k, v] of Object.entries(opts.formData ?? {})) form.append(k, String(v))
  form.append(String(opts.name ?? 'file'), new Blob([new Uint8Array(file.bytes)]), String(opts.filePath).split('/').pop())
  const target = host.apiOrigin + url.slice(HARNESS_API_ORIGIN.length)
  let res: Response
  try {
    res = await fetch(target, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(Number(opts.timeout ?? 60000)) })
  } catch (e) {
    host.problem('request', `wx.uploadFile ${url}: ${(e as Error).message}`)
    throw e
  }
  const data = await res.text()
  if (res.status >= 400) host.problem('request', `wx.uploadFile ${url}: HTTP ${res.status}`)
  return { data, statusCode: res.status }
}
